"""The solver's model of layered boards: Mahjong Solitaire and Black & White."""
