"""Django on psycopg2 with the recipe of docs/drivers.md "Client recipes"
(uidx_django.py): model fields for iuid, comb and distid.  The tables come
from SQL here, as a migration's RunSQL would create them.  Run by
test/t/drivers.sh."""
import os

from clientcheck import (COMB, DB, DISTID, IUID, MISSING, NULL_ROWS, WITH_RECIPE, Checks, expect, expect_types,
                         iuid, null_schema, schema)

import django
from django.conf import settings

settings.configure(
    DATABASES={"default": {"ENGINE": "django.db.backends.postgresql", "NAME": DB,
                           "HOST": os.environ["PGHOST"], "PORT": os.environ["PGPORT"],
                           "USER": os.environ["PGUSER"]}},
    INSTALLED_APPS=[], USE_TZ=True)
django.setup()

from django.db import IntegrityError, connection, models, transaction  # noqa: E402

from uidx_django import CombField, DistidField, IuidField  # noqa: E402

if WITH_RECIPE:
    class Ticket(models.Model):
        id = IuidField(primary_key=True, generator="iuid_generate(7, 42)")
        ref = CombField(generator="comb_suffix_generate()")
        seq = DistidField(generator="distid_generate()")
        title = models.TextField(null=True)

        class Meta:
            app_label = "uidx_drivers"
            db_table = "dj_ticket"
else:   # what a user tries first: UUIDField, DecimalField
    class Ticket(models.Model):
        id = models.UUIDField(primary_key=True)
        ref = models.UUIDField()
        seq = models.DecimalField(max_digits=28, decimal_places=0)
        title = models.TextField(null=True)

        class Meta:
            app_label = "uidx_drivers"
            db_table = "dj_ticket"


class Nullable(models.Model):
    n = models.IntegerField(primary_key=True)
    iid = IuidField(null=True, db_column="id") if WITH_RECIPE else models.UUIDField(null=True, db_column="id")
    ref = CombField(null=True) if WITH_RECIPE else models.UUIDField(null=True)
    seq = DistidField(null=True) if WITH_RECIPE else models.DecimalField(max_digits=28, decimal_places=0, null=True)

    class Meta:
        app_label = "uidx_drivers"
        db_table = "dj_null"


class Note(models.Model):
    ticket = models.ForeignKey(Ticket, models.CASCADE, primary_key=True)
    body = models.TextField()

    class Meta:
        app_label = "uidx_drivers"
        db_table = "dj_note"


checks = Checks("django")
with connection.cursor() as cur:
    for stmt in schema("dj") + null_schema("dj"):
        cur.execute(stmt)


@checks("create() without a key: the generator's values, as UUID, UUID, int")
def _():
    t = Ticket.objects.create(title="default")
    expect_types((t.id, t.ref, t.seq))
    t = Ticket.objects.get(pk=t.pk)
    expect_types((t.id, t.ref, t.seq))


@checks("create() and get() with uuid.UUID and int")
def _():
    Ticket.objects.create(id=IUID, ref=COMB, seq=DISTID, title="params")
    t = Ticket.objects.get(id=IUID, ref=COMB, seq=DISTID)
    expect((t.id, t.ref, t.seq), (IUID, COMB, DISTID))
    expect_types((t.id, t.ref, t.seq))


@checks("__in with lists of uuid.UUID and int, = ANY with a list")
def _():
    expect(Ticket.objects.filter(id__in=[IUID, MISSING], seq__in=[DISTID]).count(), 1)
    expect([t.id for t in Ticket.objects.raw("SELECT * FROM dj_ticket WHERE id = ANY(%s)", [[IUID]])], [IUID])


@checks("foreign key from a uuid column")
def _():
    Note.objects.create(ticket_id=IUID, body="a note")
    expect(Note.objects.get(ticket_id=IUID).ticket.title, "params")
    try:
        with transaction.atomic():
            Note.objects.create(ticket_id=MISSING, body="an orphan")
    except IntegrityError:
        return
    raise AssertionError("a missing parent was let in")


@checks("bulk_create, with and without keys")
def _():
    Ticket.objects.bulk_create([Ticket(title="bulk") for _ in range(2)]
                               + [Ticket(id=iuid(0x70), ref=COMB, seq=DISTID + 0x70, title="bulk")])
    expect(Ticket.objects.filter(title="bulk").count(), 3)


@checks("None in, None back; filter(seq=None)")
def _():
    Nullable.objects.create(n=1)
    Nullable.objects.create(n=2, iid=IUID, ref=COMB, seq=DISTID)
    expect([(r.iid, r.ref, r.seq) for r in Nullable.objects.order_by("n")], [row[:3] for row in NULL_ROWS])
    expect(Nullable.objects.filter(seq=None).count(), 1)


checks.done(django.get_version())
