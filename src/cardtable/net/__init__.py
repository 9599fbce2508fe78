"""A table over the network: every player on their own screen.

``cardtable host`` holds the table (the authoritative :class:`~cardtable.session.Session`,
the turn loop, the autosave, the statistics, the computer seats) and serves it over a
WebSocket (aiohttp, the ``web`` extra); ``cardtable join ADDRESS`` is the app at one
seat. Parts, each in its own module:

- ``codec``: views, events and outcomes as JSON (by their annotations, checked on the way in);
- ``protocol``: the messages (``"protocol": 1``), their size limit and their checks;
- ``hub``: the table's seats and connections at the host, what each may be sent, and
  :class:`~.hub.RemoteSeat` (a :class:`~cardtable.table.seats.SeatPlayer` on another screen);
- ``tokens``: the seats' tokens, kept beside the save so that a resumed table keeps its addresses;
- ``server``: the aiohttp application (a token checked before the WebSocket opens);
- ``hosting``: the table run at the host (headless, or on the host's own table screen);
- ``client``: the connection of a seat (reconnecting with back-off), its
  :class:`~cardtable.table.source.TableSource` and the flow that answers its requests;
- ``apps``: the Textual apps of ``host`` and ``join``.

docs/network.md documents every message.
"""
