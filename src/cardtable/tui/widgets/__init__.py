"""Reusable widgets of the table and the dialogs."""
