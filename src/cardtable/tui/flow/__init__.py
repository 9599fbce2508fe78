"""The flow of a game at the table, without Textual: whose turn, when the
curtain falls, what a computer sees. The table screen implements the
:class:`~.driver.TableUI` the driver talks to."""
