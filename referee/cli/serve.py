"""`referee serve`: the app behind granian (referee/server.py), in one process or several, and the address (and QR
code) phones reach it on."""

from __future__ import annotations

import io

import click

from referee import create_app


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
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Processes serving the app, on the one database (a whole club on two cores: 2).",
)
@click.option(
    "--threads",
    default=8,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Threads running the app in each process (each with its own database connection).",
)
def serve_command(host: str, port: int, trusted_proxy: str | None, workers: int, threads: int) -> None:
    """Serve the app with granian, in WORKERS processes, and print the address (and a QR code) for phones."""
    import segno

    from referee import server  # granian, imported when the server starts: the other commands start without it
    from referee.network import url_host

    try:  # before saying that it serves: a port another server holds (or its orphaned workers) is said at once
        server.check_free(host, port)
    except OSError as error:
        raise click.UsageError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    from referee.services.database import CannotPrepare

    # Made here, once, before any worker starts: the database migrated and the secret key made (referee/server.py).
    try:
        app = create_app()
    except CannotPrepare as error:
        raise click.ClickException(str(error)) from None
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
    if workers > 1:
        click.echo(f"{workers} processes serve it, each with {threads} threads, on {app.config['DATABASE']}.")
    try:
        server.run(app, host=host, port=port, workers=workers, threads=threads, trusted_proxy=trusted_proxy)
    except OSError as error:
        raise click.UsageError(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
