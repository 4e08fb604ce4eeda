"""The public surface stays small and complete."""

import types

import tem


def test_all_names_exist_and_are_the_public_surface() -> None:
    for name in tem.__all__:
        assert hasattr(tem, name), name
    public = {
        n
        for n in dir(tem)
        if not n.startswith("_") and not isinstance(getattr(tem, n), types.ModuleType)
    }
    assert public <= set(tem.__all__)


def test_every_public_callable_has_a_docstring() -> None:
    for name in tem.__all__:
        assert getattr(tem, name).__doc__, name
    for name in dir(tem.Memory):
        if not name.startswith("_"):
            member = getattr(tem.Memory, name)
            if callable(member):
                assert member.__doc__, f"Memory.{name}"
