"""A game at a table, seen from its seats, without Textual.

The table screen draws from a :class:`~.source.TableSource` (the seat's view,
the events it may see, its legal moves, hints and undo plans) and answers one
:class:`~.request.MoveRequest` per decision; a seat answers the turn loop
through a :class:`~.seats.SeatPlayer` (a human at this screen, a computer).
Today the source is the local :class:`~cardtable.session.Session`
(:class:`~.source.SessionSource`); a table server can stand in its place.
"""
