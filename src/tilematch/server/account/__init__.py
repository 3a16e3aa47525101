"""A player's own record: export it (:mod:`.export`), erase it (:mod:`.erasure`), and use
it on another device with a one-time code (:mod:`.links`, drawn as a QR code by
:mod:`.qr`, rate-limited by :mod:`.limits`)."""
