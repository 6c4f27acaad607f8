"""`referee serve`: the app behind a production WSGI server, and the address (and QR code) phones reach it on."""

from __future__ import annotations

import io

import click


def _table_addresses(host: str) -> list[str]:
    """The URL hosts phones can reach the server on when it listens on `host`, best first (referee/network.py).

    The machine's own interfaces are asked (not its name, which Debian maps to 127.0.1.1); listening on 0.0.0.0
    takes IPv4 only, on "::" IPv6 too. A named address is taken as it is; a loopback one reaches no phone.
    """
    import ipaddress

    from referee.network import machine_interfaces, table_addresses, url_host

    if host not in (EVERY_NETWORK, "::", ""):
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:  # a name
            loopback = host.lower() == "localhost"
        return [] if loopback else [url_host(host)]
    addresses = table_addresses(machine_interfaces())
    return [url_host(address) for address in addresses if host == "::" or ":" not in address]


# Every network, by default: the phones at the table reach the app over the LAN (README: what the server exposes).
EVERY_NETWORK = "0.0.0.0"  # noqa: S104 — serving the LAN is the point; --host 127.0.0.1 keeps it to this machine
# The headers a reverse proxy (Caddy sends all three; nginx when told to) passes on: the phone's scheme, the host
# it asked for (so the links the app shows are the public ones) and its address.
PROXY_HEADERS = ("x-forwarded-for", "x-forwarded-host", "x-forwarded-proto")


@click.command("serve")
@click.option(
    "--host", default=EVERY_NETWORK, show_default=True, help="The address to listen on (0.0.0.0: every network)."
)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="The port to listen on.")
@click.option(
    "--trusted-proxy",
    metavar="ADDRESS",
    help="Behind a reverse proxy at ADDRESS (e.g. 127.0.0.1): trust its X-Forwarded-Proto, -Host and -For headers.",
)
def serve(host: str, port: int, trusted_proxy: str | None) -> None:
    """Serve the app with a production WSGI server and print the address (and a QR code) for phones."""
    import segno
    import waitress

    from referee import cli  # create_app looked up there now: a test hands the command its own app
    from referee.network import url_host

    app = cli.create_app()
    proxy = {"trusted_proxy": trusted_proxy, "trusted_proxy_headers": PROXY_HEADERS} if trusted_proxy else {}
    here = f"http://127.0.0.1:{port}/"
    urls = [f"http://{address}:{port}/" for address in _table_addresses(host)]
    if not urls and host in (EVERY_NETWORK, "::", ""):
        click.echo(
            f"referee is serving on {here} only: this machine has no network address but loopback (127.0.0.1), "
            "so no phone can reach it. Join the table's Wi-Fi (or plug in a cable) and start it again."
        )
    elif not urls:
        reach = f"phones reach it through the proxy at {trusted_proxy}" if trusted_proxy else "no phone can reach it"
        click.echo(f"referee is serving on http://{url_host(host)}:{port}/, on this machine only: {reach}.")
    else:
        # The evening page's QR codes use it when the page itself was opened on this machine (http://127.0.0.1/…).
        app.config.setdefault("REFEREE_TABLE_URL", urls[0])
        also = f"; also {', '.join(urls[1:])}" if urls[1:] else ""
        click.echo(f"referee is serving on {urls[0]} for the phones at the table{also} (on this machine: {here})")
        qr = io.StringIO()
        segno.make(urls[0]).terminal(out=qr, compact=True)
        click.echo(f"Phones at the table can scan this to open {urls[0]}:\n{qr.getvalue()}")
    try:
        waitress.serve(app, host=host, port=port, threads=8, ident="referee", **proxy)
    except OSError as error:
        raise click.UsageError(f"cannot listen on {host}:{port}: {error.strerror}") from None
