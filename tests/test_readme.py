"""The README names the two commands a newcomer runs."""

from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_names_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert "    scripts/play" in text and "    scripts/test" in text
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "scripts/test" in ci
