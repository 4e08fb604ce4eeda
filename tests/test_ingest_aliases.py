from tem.ingest.aliases import Aliases


def test_a_first_name_resolves_to_the_one_known_full_name() -> None:
    aliases = Aliases(["Emma Nilsson", "Bo Chen"])
    assert aliases.resolve("emma") == "Emma Nilsson"
    assert aliases.resolve("Emma's brother") == "Emma Nilsson's brother"
    assert aliases.resolve("EMMA  NILSSON") == "Emma Nilsson"


def test_an_ambiguous_or_unknown_name_stays_as_said() -> None:
    aliases = Aliases(["Emma Nilsson", "Emma Stone"])
    assert aliases.resolve("Emma") == "Emma"
    assert aliases.resolve("Zed") == "Zed"


def test_names_learned_later_are_used() -> None:
    aliases = Aliases()
    aliases.add("Caroline Diaz")
    assert aliases.resolve("caroline") == "Caroline Diaz"
