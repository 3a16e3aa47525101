"""Frozen data of the layout catalogue: generated modules, one per catalogue version."""
