"""Helpers the tests share: clocks, boards, reference searches, server and page drivers."""
