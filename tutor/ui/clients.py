"""Which client a request comes from, for the rate limits (:mod:`tutor.store.limits`).

The websocket's peer address, or, when that peer is this machine or a private network (the
deploy/ proxy in front of the app), the address the proxy added last to ``X-Forwarded-For``:
the proxy's own entry, which a client cannot forge (entries before it can be). Without a
browser request behind the session (AppTest, bare mode) every call is one client, "local".
"""

from __future__ import annotations

import ipaddress

import streamlit as st

LOCAL = "local"
CODE_LOOKUPS = "code_lookups"  # the limiters of tutor.store.limits


def client_id() -> str:
    try:
        peer = st.context.ip_address
        forwarded = st.context.headers.get("X-Forwarded-For") or ""
    except Exception:  # no browser request (AppTest, bare mode)
        return LOCAL
    return choose(peer if isinstance(peer, str) else None,
                  forwarded if isinstance(forwarded, str) else "")


def choose(peer: str | None, forwarded: str) -> str:
    """The client's address from the peer and the proxy's header (pure, for tests)."""
    if not peer:
        return LOCAL
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return peer[:64]
    last = forwarded.split(",")[-1].strip() if forwarded else ""
    if last and (address.is_loopback or address.is_private):
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            return peer
    return peer


def try_lookup(name: str) -> float:
    """Count one try of a guessable lookup (a code, a key) before it is made: 0 when it may
    go on, else the seconds to wait. Counting first means tries sent at the same moment cannot
    all pass; a lookup that finds something is then :func:`forgiven`, so only failures use
    up the budget."""
    from tutor.store import limits

    found, client = limits.limiter(name), client_id()
    if found.allow(client):
        return 0.0
    return max(found.retry_after(client), 1.0)


def forgiven(name: str) -> None:
    """The try just counted found something: it does not count."""
    from tutor.store import limits

    limits.limiter(name).forgive(client_id())
