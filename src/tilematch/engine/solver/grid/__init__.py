"""The solver's model of Shisen-Sho boards without gravity."""
