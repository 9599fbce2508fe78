"""The flow of a game at the table: whose turn, when the curtain falls, the pacing of
the log and the interludes. The :class:`~.driver.GameDriver` runs it, through the
:class:`~.driver.TableUI` the table screen implements; how each seat answers is
in :mod:`cardtable.table.seats`."""
