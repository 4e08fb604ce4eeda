"""The pure core: the version model, relation vocabulary, time handling and status rules.

Nothing in this package does I/O or reads the wall clock; time comes in as values or
through an explicit :class:`~tem.core.times.Clock`.
"""
