"""The pure rules engine: tiles, boards, layouts, generation and solving.

Nothing in this package performs I/O or imports the server.
"""
