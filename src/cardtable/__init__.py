"""cardtable: hot-seat terminal card games."""

__version__ = "0.1.0"
