"""The order in which a restore creates resources."""


def restore_sequence(kinds, depends_on):
    """Return the kinds in the order a restore creates them: a kind another
    depends on comes first."""
    seen = set()
    out = []

    def visit(kind):
        if kind in seen:
            return
        seen.add(kind)
        for dep in depends_on.get(kind, []):
            visit(dep)
        out.append(kind)

    for kind in kinds:
        visit(kind)
    return out
