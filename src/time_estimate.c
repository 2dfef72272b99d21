/*
 * time_estimate.c -- how many rows a key range of a time filter holds, from
 * the key column's statistics (docs/partitioning.md "Time filters that use the index").
 *
 * May touch: the selectivity cached in the RestrictInfo it is given, and
 * nothing else; it reads pg_statistic through examine_variable, pg_class's
 * reltuples, the table's cumulative statistics (the rows changed since
 * ANALYZE), and the key's first and last keys from a btree index on it, or
 * from the heap row the index scan's visibility check fetches (docs/internals.md
 * "Rows added since ANALYZE").
 *
 * PostgreSQL estimates `iuid_timestamp(id) >= c` at a default third of the
 * rows (there are no statistics of the expression), and `id >= bound`
 * through the key's histogram without interpolating inside a bucket
 * (uuid-like types have no scalar reading).  The key's order reads the time
 * field first, so the histogram's bounds read as times are in order too:
 * the fraction below a time is found between two bounds and interpolated
 * linearly in time, as scalarineqsel does for numbers and timestamps.
 */
#include "uidx.h"
#include "compat.h"
#include "time_bounds.h"
#include "time_index.h"
#include "time_layout.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/nbtree.h"
#include "access/relscan.h"
#include "access/skey.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "access/tableam.h"
#include "access/visibilitymap.h"
#include "access/xlog.h"
#include "catalog/pg_am_d.h"
#include "catalog/pg_attribute.h"
#include "catalog/pg_class.h"
#include "catalog/pg_statistic.h"
#include "commands/defrem.h"
#include "executor/tuptable.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/optimizer.h"
#include "optimizer/paths.h"
#include "partitioning/partbounds.h"
#include "pgstat.h"
#include "storage/bufmgr.h"
#include "utils/datum.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/pgstat_internal.h"
#include "utils/rel.h"
#include "utils/selfuncs.h"
#include "utils/snapmgr.h"
#include "utils/syscache.h"
#include "utils/uuid.h"

/* the time field of a key value */
static double
field_of(Datum key, int time_offset)
{
	return (double) uidx_load_be(DatumGetUUIDP(key)->data + time_offset, UIDX_TIME_FIELD_BYTES);
}

/*
 * The fraction of the histogram's population whose field is below `field`,
 * linear in time between two bounds.
 */
static double
histogram_fraction_below(const AttStatsSlot *hist, int time_offset, double field)
{
	int			lo = 0;
	int			hi = hist->nvalues - 1;
	double		lo_field;
	double		hi_field;

	Assert(hist->nvalues >= 2);
	if (field <= field_of(hist->values[0], time_offset))
		return 0.0;
	if (field > field_of(hist->values[hi], time_offset))
		return 1.0;
	/* the last bound below field is at lo, and the first at or above at hi */
	while (hi - lo > 1)
	{
		int			mid = (lo + hi) / 2;

		if (field_of(hist->values[mid], time_offset) < field)
			lo = mid;
		else
			hi = mid;
	}
	lo_field = field_of(hist->values[lo], time_offset);
	hi_field = field_of(hist->values[hi], time_offset);
	Assert(lo_field < field && field <= hi_field);
	return (lo + (field - lo_field) / (hi_field - lo_field)) / (hist->nvalues - 1);
}

/* Is the time function NULL for `key` (a value of another layout)? */
static bool
time_is_null(Oid time_function, Datum key)
{
	LOCAL_FCINFO(fcinfo, 1);
	FmgrInfo	flinfo;

	fmgr_info(time_function, &flinfo);
	InitFunctionCallInfoData(*fcinfo, &flinfo, 1, InvalidOid, NULL, NULL);
	fcinfo->args[0].value = key;
	fcinfo->args[0].isnull = false;
	(void) FunctionCallInvoke(fcinfo);
	return fcinfo->isnull;
}

/*
 * Bounds that a layout's share is read from, at the least: from fewer, a
 * share of one half would read as 0 or 1 too often.
 */
#define SHARE_WINDOW 21

/*
 * The fraction of the histogram's population whose field is at least `from`
 * and below `below`, counting only values for which `time_function` (where
 * given) is not NULL.  The bounds are in the field's order even where they
 * are of other layouts: on uuid, whose order is memcmp, a time field is
 * read at offset 0 only (time_layout.c), where every value has its first
 * six bytes.  So the population between two times is interpolated over all
 * bounds, and then multiplied by the layout's share among the bounds around
 * that interval (SHARE_WINDOW at the least).  A column that holds one layout
 * has a share of 1; one that holds iUIDs and UUIDv7s made at the same times
 * about one half everywhere; one that holds iUIDs and random UUIDs nearly 1
 * wherever the iUIDs' times are, since random values spread over every
 * field value.
 */
static double
histogram_fraction_between(const AttStatsSlot *hist, int time_offset, double from,
						   double below, Oid time_function)
{
	double		span;
	int			lo = 0;
	int			hi = hist->nvalues - 1;
	int			of_layout = 0;

	span = histogram_fraction_below(hist, time_offset, below) -
		histogram_fraction_below(hist, time_offset, from);
	if (span <= 0.0 || !OidIsValid(time_function))
		return Max(span, 0.0);
	/* the bounds of the buckets that hold the interval, then widened */
	while (lo < hi && field_of(hist->values[lo + 1], time_offset) < from)
		lo++;
	while (hi > lo && field_of(hist->values[hi - 1], time_offset) >= below)
		hi--;
	while (hi - lo + 1 < Min(SHARE_WINDOW, hist->nvalues))
	{
		if (lo > 0)
			lo--;
		if (hi < hist->nvalues - 1)
			hi++;
	}
	for (int i = lo; i <= hi; i++)
		if (!time_is_null(time_function, hist->values[i]))
			of_layout++;
	return span * of_layout / (hi - lo + 1);
}

/*
 * What the statistics say about the key's end, for the rows added since
 * they were taken: the histogram's last bound (the largest value ANALYZE
 * saw, give or take its sample) and the layout's share among the bounds
 * below it.
 */
typedef struct StatsEnd
{
	bool		valid;			/* a histogram was read */
	Datum		last;			/* its last bound (copied) */
	double		last_field;
	double		share;			/* of the time function's layout, at the end */
} StatsEnd;

/*
 * The key type's `<`, which its statistics and a usable index sort by.  One
 * rel's estimates ask for it once per range and probe: it is kept for as
 * long as the probes are (uidx_estimate_probes_reset), for the key type
 * asked last.
 */
static const UidxTimeLayoutOids *less_of_row = NULL;
static Oid	less_of_row_oid = InvalidOid;

static Oid
key_less_operator(const UidxTimeLayoutOids *key_row)
{
	if (key_row != less_of_row)
	{
		less_of_row = NULL;
		less_of_row_oid = get_opfamily_member(key_row->btree_family, key_row->key_type,
											  key_row->key_type, BTLessStrategyNumber);
		less_of_row = key_row;
	}
	return less_of_row_oid;
}

/*
 * The fraction of the analyzed rows whose field is at least `from` and below
 * `below` (and, with a time function, for which it is not NULL); -1 without
 * a histogram or most common values, or where the histogram is sorted by
 * another operator than the key type's own `<` (as ineq_histogram_selectivity
 * in PostgreSQL's selfuncs.c uses a histogram only under its sort operator):
 * reading its bounds as times would then assume an order they are not in.
 */
static double
fraction_between_stats(VariableStatData *vardata, const UidxTimeLayoutOids *key_row,
					   double from, double below, Oid time_function, StatsEnd *end)
{
	Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(vardata->statsTuple);
	int			time_offset = key_row->layout->time_offset;
	Oid			less = key_less_operator(key_row);
	AttStatsSlot mcv;
	AttStatsSlot hist;
	double		mcv_total = 0.0;
	double		selec = 0.0;

	if (!OidIsValid(less))
		return -1.0;
	if (get_attstatsslot(&mcv, vardata->statsTuple, STATISTIC_KIND_MCV, InvalidOid,
						 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
	{
		for (int i = 0; i < mcv.nvalues; i++)
		{
			double		field = field_of(mcv.values[i], time_offset);

			mcv_total += mcv.numbers[i];
			if (field >= from && field < below &&
				!(OidIsValid(time_function) && time_is_null(time_function, mcv.values[i])))
				selec += mcv.numbers[i];
		}
		free_attstatsslot(&mcv);
	}
	if (get_attstatsslot(&hist, vardata->statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid,
						 ATTSTATSSLOT_VALUES))
	{
		if (hist.staop != less)
		{
			free_attstatsslot(&hist);
			return -1.0;
		}
		if (hist.nvalues >= 2)
		{
			int			window = Min(SHARE_WINDOW, hist.nvalues);
			int			of_layout = 0;

			selec += histogram_fraction_between(&hist, time_offset, from, below, time_function) *
				Max(0.0, 1.0 - stats->stanullfrac - mcv_total);
			for (int i = hist.nvalues - window; i < hist.nvalues; i++)
				if (!OidIsValid(time_function) || !time_is_null(time_function, hist.values[i]))
					of_layout++;
			end->valid = true;
			end->last = datumCopy(hist.values[hist.nvalues - 1], false, UIDX_LEN);
			end->last_field = field_of(end->last, time_offset);
			end->share = (double) of_layout / window;
		}
		free_attstatsslot(&hist);
	}
	else if (mcv_total == 0.0)
		return -1.0;
	return selec;
}

/* ---------------------------------------------------------------------------
 * The key's actual end
 *
 * A time-ordered table grows at its end, and its statistics lag behind it:
 * autovacuum analyzes after a tenth of the table has changed, and the rows
 * "of the last hour" are exactly those the histogram has not seen.  So, as
 * PostgreSQL's selfuncs.c does in get_actual_variable_range() (a static
 * function there, hence these few lines of it), the key's actual extreme
 * values are read from a btree index on it, under the same rules: while
 * planning only, under SnapshotNonVacuumable, with the visibility map
 * sparing the heap where it can, and giving up after VISITED_PAGES_LIMIT
 * (100) heap pages without a visible row.  The key is read from the heap
 * tuple that check fetches, or where the visibility map spares the heap
 * (or that row is an earlier one of a HOT chain), from the index tuple: no
 * heap page is read that PostgreSQL's probe would not read (read_index_end).
 * ------------------------------------------------------------------------- */

#define PROBE_HEAP_PAGES_LIMIT 100

/*
 * What a probe found: a key, no key at all, or no answer.  Only between
 * read_index_end() and read_index_end_key(): PROBE_NULL, a scan without
 * keys met a NULL first; PROBE_INDEX_KEY, a scan that reads the key from
 * the heap tuple met a row whose key is to be read from the index tuple: one
 * the visibility map shows visible, whose heap it does not read, or an
 * earlier row of a HOT chain.
 */
typedef enum ProbeResult
{
	PROBE_FOUND,
	PROBE_NONE,
	PROBE_UNKNOWN,
	PROBE_NULL,
	PROBE_INDEX_KEY
} ProbeResult;

/*
 * Is the heap row in `slot` one that a later row of its HOT chain replaced?
 * An index built concurrently over a broken HOT chain (no indcheckxmin
 * then: the build waits for older snapshots instead) holds the key of the
 * chain's last row at its root, and an earlier row that a transaction
 * without a snapshot keeps RECENTLY_DEAD, the first that
 * SnapshotNonVacuumable admits, carries another key.  The chain's last row
 * carries the index entry's key, in every chain.  Read without the buffer's
 * lock, a flag set meanwhile only sends the key to the index tuple.
 */
static bool
row_hot_updated(TupleTableSlot *slot)
{
	bool		should_free;
	HeapTuple	tuple = ExecFetchSlotHeapTuple(slot, false, &should_free);
	bool		hot_updated = HeapTupleIsHotUpdated(tuple);

	if (should_free)
		heap_freetuple(tuple);
	return hot_updated;
}

/*
 * The first key of `index_oid` in `dir` that `scankey` admits and some
 * snapshot may still see: get_actual_variable_endpoint() of selfuncs.c.
 * With `heap_attno` (the heap column the index's first column is), the key
 * is read from the heap tuple that the visibility check fetches, and the
 * scan does not ask for index tuples: btree then copies none of the leaf
 * page's tuples, which costs a third of a probe on a full page.  A row on
 * an all-visible page ends that scan without a key (PROBE_INDEX_KEY), and
 * its end is read again from the index tuple, without touching the heap;
 * so is the end of a row a later row of its HOT chain replaced
 * (row_hot_updated).
 */
static ProbeResult
read_index_end(Oid heap_oid, Oid index_oid, AttrNumber heap_attno, ScanDirection dir,
			   ScanKey scankey, int nkeys, Datum *result)
{
	MemoryContext outer = CurrentMemoryContext;
	MemoryContext workspace;
	Relation	heap;
	Relation	index;
	TupleTableSlot *slot;
	SnapshotData snapshot;
	IndexScanDesc scan;
	Buffer		vmbuffer = InvalidBuffer;
	BlockNumber last_block = InvalidBlockNumber;
	int			visited = 0;
	ItemPointer tid;
	ProbeResult found = PROBE_NONE;

	workspace = AllocSetContextCreate(CurrentMemoryContext, "uidx key end probe",
									  ALLOCSET_SMALL_SIZES);
	MemoryContextSwitchTo(workspace);
	/* the planner holds a lock on both already */
	heap = table_open(heap_oid, NoLock);
	index = index_open(index_oid, NoLock);
	/*
	 * An index built over a broken HOT chain (indcheckxmin) holds the key of
	 * the chain's live row at its root, whose earlier rows carry others:
	 * while a snapshot older than the build keeps them, the first row of the
	 * chain that SnapshotNonVacuumable admits is one of those.  Its key is
	 * read from the index tuple, as PostgreSQL reads it.
	 */
	if (index->rd_index->indcheckxmin)
		heap_attno = InvalidAttrNumber;
	slot = table_slot_create(heap, NULL);
	InitNonVacuumableSnapshot(snapshot, GlobalVisTestFor(heap));
	scan = uidx_index_beginscan(heap, index, &snapshot, nkeys);
	scan->xs_want_itup = heap_attno == InvalidAttrNumber;
	index_rescan(scan, scankey, nkeys, NULL, 0);
	while ((tid = index_getnext_tid(scan, dir)) != NULL)
	{
		BlockNumber block = ItemPointerGetBlockNumber(tid);
		Datum		values[INDEX_MAX_KEYS];
		bool		isnull[INDEX_MAX_KEYS];

		if (!VM_ALL_VISIBLE(heap, block, &vmbuffer))
		{
			if (!index_fetch_heap(scan, slot))
			{
				if (block != last_block)
				{
					last_block = block;
					if (++visited > PROBE_HEAP_PAGES_LIMIT)
					{
						found = PROBE_UNKNOWN;
						break;
					}
				}
				continue;
			}
			if (heap_attno != InvalidAttrNumber)
			{
				bool		key_isnull;
				Datum		key;

				if (row_hot_updated(slot))
				{
					ExecClearTuple(slot);
					found = PROBE_INDEX_KEY;
					break;
				}
				key = slot_getattr(slot, heap_attno, &key_isnull);
				found = nkeys == 0 ? PROBE_NULL : PROBE_UNKNOWN;
				if (!key_isnull)
				{
					MemoryContextSwitchTo(outer);
					*result = datumCopy(key, false, UIDX_LEN);
					MemoryContextSwitchTo(workspace);
					found = PROBE_FOUND;
				}
				ExecClearTuple(slot);
				break;
			}
			ExecClearTuple(slot);
		}
		else if (heap_attno != InvalidAttrNumber)
		{
			found = PROBE_INDEX_KEY;
			break;
		}
		if (scan->xs_itup == NULL || scan->xs_recheck)
			elog(ERROR, "btree index \"%s\" returned no key for an index-only read",
				 RelationGetRelationName(index));
		index_deform_tuple(scan->xs_itup, scan->xs_itupdesc, values, isnull);
		found = nkeys == 0 ? PROBE_NULL : PROBE_UNKNOWN;
		if (!isnull[0])
		{
			MemoryContextSwitchTo(outer);
			*result = datumCopy(values[0], false, UIDX_LEN);
			MemoryContextSwitchTo(workspace);
			found = PROBE_FOUND;
		}
		break;
	}
	if (vmbuffer != InvalidBuffer)
		ReleaseBuffer(vmbuffer);
	index_endscan(scan);
	ExecDropSingleTupleTableSlot(slot);
	index_close(index, NoLock);
	table_close(heap, NoLock);
	MemoryContextSwitchTo(outer);
	MemoryContextDelete(workspace);
	return found;
}

static bool
heap_page_all_visible(Relation heap, BlockNumber block)
{
	Buffer		vmbuffer = InvalidBuffer;
	bool		all_visible = VM_ALL_VISIBLE(heap, block, &vmbuffer);

	if (BufferIsValid(vmbuffer))
		ReleaseBuffer(vmbuffer);
	return all_visible;
}

/*
 * The end key of a btree index, read from the last entry of its rightmost
 * leaf page (BackwardScanDirection) or the first of its leftmost one, where
 * that entry is one read_index_end() would stop at: a key, not a posting
 * list, not killed, whose row some snapshot may still see (its page
 * all-visible, or the row fetched under SnapshotNonVacuumable, as
 * selfuncs.c's get_actual_variable_endpoint() checks it).  The index scan
 * finds the same entry, but btree's _bt_readpage() first tests and copies
 * every entry of the leaf page, most of a probe's cost on a full page.
 * PROBE_UNKNOWN for anything else (a NULL, an empty end page, a dead row, a
 * standby, where killed entries are not trusted): the scan decides.  It
 * reads one index page and at most one heap page, both the scan's first.
 */
static ProbeResult
read_index_end_fast(Oid heap_oid, Oid index_oid, ScanDirection dir, Datum *result)
{
	Relation	heap;
	Relation	index;
	SnapshotData snapshot;
	Buffer		buf;
	ItemPointerData tid;
	pg_uuid_t	key;
	bool		have_key = false;
	bool		visible;

	if (RecoveryInProgress())
		return PROBE_UNKNOWN;
	/* the planner holds a lock on both already */
	heap = table_open(heap_oid, NoLock);
	index = index_open(index_oid, NoLock);
	InitNonVacuumableSnapshot(snapshot, GlobalVisTestFor(heap));
	buf = uidx_bt_get_endpoint(index, ScanDirectionIsBackward(dir), &snapshot);
	if (BufferIsValid(buf))
	{
		Page		page = BufferGetPage(buf);
		BTPageOpaque opaque = BTPageGetOpaque(page);
		OffsetNumber minoff = P_FIRSTDATAKEY(opaque);
		OffsetNumber maxoff = PageGetMaxOffsetNumber(page);

		if (minoff <= maxoff)
		{
			OffsetNumber off = ScanDirectionIsBackward(dir) ? maxoff : minoff;
			ItemId		itemid = PageGetItemId(page, off);
			IndexTuple	itup = (IndexTuple) PageGetItem(page, itemid);

			if (!ItemIdIsDead(itemid) && !BTreeTupleIsPosting(itup))
			{
				bool		isnull;
				Datum		value = index_getattr(itup, 1, RelationGetDescr(index), &isnull);

				if (!isnull)
				{
					memcpy(key.data, DatumGetUUIDP(value)->data, UIDX_LEN);
					tid = itup->t_tid;
					have_key = true;
				}
			}
		}
		_bt_relbuf(index, buf);
	}
	index_close(index, NoLock);
	if (!have_key)
	{
		table_close(heap, NoLock);
		return PROBE_UNKNOWN;
	}
	visible = heap_page_all_visible(heap, ItemPointerGetBlockNumber(&tid));
	if (!visible)
	{
		IndexFetchTableData *fetch = uidx_index_fetch_begin(heap);
		TupleTableSlot *slot = table_slot_create(heap, NULL);
		bool		call_again = false;
		bool		all_dead = false;

		visible = table_index_fetch_tuple(fetch, &tid, &snapshot, slot, &call_again,
										  &all_dead);
		ExecDropSingleTupleTableSlot(slot);
		table_index_fetch_end(fetch);
	}
	table_close(heap, NoLock);
	if (!visible)
		return PROBE_UNKNOWN;
	*result = datumCopy(UUIDPGetDatum(&key), false, UIDX_LEN);
	return PROBE_FOUND;
}

/*
 * The probes of one rel's estimates: each time filter's ranges, and their
 * interval, ask for the same ends, so one set_rel_pathlist call reads each
 * end once (uidx_estimate_probes_reset clears them at its start and end).
 * The keys are kept in the entries themselves, not as pointers into the
 * planner's memory: a bound's value can run a query of its own (a STABLE
 * function), whose planning uses this cache too and, where that query fails
 * and the function catches the error, leaves entries behind whose planner's
 * memory is gone.
 */
#define PROBE_CACHE_SIZE 4

typedef struct ProbeCacheEntry
{
	Oid			index;
	bool		want_max;
	bool		has_after;
	pg_uuid_t	after;
	bool		has_before;
	pg_uuid_t	before;
	ProbeResult found;
	pg_uuid_t	result;
} ProbeCacheEntry;

static ProbeCacheEntry probe_cache[PROBE_CACHE_SIZE];
static int	probe_cache_used = 0;

void
uidx_estimate_probes_reset(void)
{
	probe_cache_used = 0;
	less_of_row = NULL;
}

/* read_index_end(), and again from the index tuple where it asks for that */
static ProbeResult
read_index_end_visible(Oid heap_oid, Oid index_oid, AttrNumber heap_attno, ScanDirection dir,
					   ScanKey scankey, int nkeys, Datum *result)
{
	ProbeResult found = read_index_end(heap_oid, index_oid, heap_attno, dir, scankey, nkeys,
									   result);

	if (found == PROBE_INDEX_KEY)
		found = read_index_end(heap_oid, index_oid, InvalidAttrNumber, dir, scankey, nkeys,
							   result);
	return found;
}

/*
 * read_index_end() past `scankey`, or without one where no NULL can come
 * first (`nulls_first`: the scan starts at the end where the index sorts
 * NULLs and the column is not NOT NULL): btree's _bt_readpage tests every
 * tuple of the leaf page it reads against the scan's keys, and IS NOT NULL,
 * the key that get_actual_variable_endpoint() scans with, costs a third of a
 * probe on a full page.  Where NULLs can come first, the scan has IS NOT
 * NULL from its start, as PostgreSQL's: without it, each NULL entry of a
 * row no snapshot sees (an aborted insert, a deleted row) would cost a heap
 * page PostgreSQL's probe never reads, and a hundred such pages would end
 * the probe without an answer.  A NULL met all the same (under a NOT NULL
 * constraint not yet validated, which PostgreSQL 18 allows) reads the end
 * again with IS NOT NULL.  Without scan keys, the end entry is read
 * first without a scan (read_index_end_fast); a scan reads the end only
 * where that entry is not the answer.
 */
static ProbeResult
read_index_end_key(Oid heap_oid, Oid index_oid, AttrNumber heap_attno, ScanDirection dir,
				   bool nulls_first, ScanKey scankeys, int nkeys, Datum *result)
{
	ScanKeyData notnull;
	ProbeResult found = PROBE_NULL;

	if (nkeys > 0)
		return read_index_end_visible(heap_oid, index_oid, heap_attno, dir, scankeys, nkeys,
									  result);
	if (read_index_end_fast(heap_oid, index_oid, dir, result) == PROBE_FOUND)
		return PROBE_FOUND;
	if (!nulls_first)
		found = read_index_end_visible(heap_oid, index_oid, heap_attno, dir, NULL, 0, result);
	if (found != PROBE_NULL)
		return found;
	ScanKeyEntryInitialize(&notnull, SK_ISNULL | SK_SEARCHNOTNULL, 1, InvalidStrategy,
						   InvalidOid, InvalidOid, InvalidOid, (Datum) 0);
	return read_index_end_visible(heap_oid, index_oid, heap_attno, dir, &notnull, 1, result);
}

static ProbeResult
read_index_end_cached(Oid heap_oid, Oid index_oid, AttrNumber heap_attno, bool want_max,
					  ScanDirection dir, bool nulls_first, ScanKey scankeys, int nkeys, const Datum *after,
					  const Datum *before, Datum *result)
{
	ProbeCacheEntry *entry;

	for (int i = 0; i < probe_cache_used; i++)
	{
		entry = &probe_cache[i];
		if (entry->index == index_oid && entry->want_max == want_max &&
			entry->has_after == (after != NULL) &&
			(after == NULL || memcmp(entry->after.data, DatumGetUUIDP(*after)->data,
									 UIDX_LEN) == 0) &&
			entry->has_before == (before != NULL) &&
			(before == NULL || memcmp(entry->before.data, DatumGetUUIDP(*before)->data,
									  UIDX_LEN) == 0))
		{
			if (entry->found == PROBE_FOUND)
				*result = datumCopy(UUIDPGetDatum(&entry->result), false, UIDX_LEN);
			return entry->found;
		}
	}
	if (probe_cache_used == PROBE_CACHE_SIZE)
		return read_index_end_key(heap_oid, index_oid, heap_attno, dir, nulls_first, scankeys, nkeys, result);
	entry = &probe_cache[probe_cache_used];
	entry->index = index_oid;
	entry->want_max = want_max;
	entry->has_after = after != NULL;
	if (after != NULL)
		memcpy(entry->after.data, DatumGetUUIDP(*after)->data, UIDX_LEN);
	entry->has_before = before != NULL;
	if (before != NULL)
		memcpy(entry->before.data, DatumGetUUIDP(*before)->data, UIDX_LEN);
	entry->found = read_index_end_key(heap_oid, index_oid, heap_attno, dir, nulls_first, scankeys, nkeys,
									  result);
	if (entry->found == PROBE_FOUND)
		memcpy(entry->result.data, DatumGetUUIDP(*result)->data, UIDX_LEN);
	/* counted only once filled: the probe itself may fail */
	probe_cache_used++;
	return entry->found;
}

/* Is the heap column `attno` declared NOT NULL?  false for an expression (0). */
static bool
column_not_null(Oid relid, AttrNumber attno)
{
	HeapTuple	tuple;
	bool		not_null = false;

	if (attno <= 0)
		return false;
	tuple = SearchSysCache2(ATTNUM, ObjectIdGetDatum(relid), Int16GetDatum(attno));
	if (HeapTupleIsValid(tuple))
	{
		not_null = ((Form_pg_attribute) GETSTRUCT(tuple))->attnotnull;
		ReleaseSysCache(tuple);
	}
	return not_null;
}

/*
 * The key's actual largest value (want_max), or its smallest, or with
 * `after` its smallest above that, and with `before` only one below that
 * (PROBE_NONE: there is none), from a btree index whose first column is
 * the key in the key type's own order (the same choice of index as
 * get_actual_variable_range()).  PROBE_NONE: the index holds no such key
 * that any snapshot may see; PROBE_UNKNOWN: there is no such index, the
 * probe gave up, or the time function is NULL for the key it found (a key
 * of another layout on uuid).
 */
static ProbeResult
probe_key_end(PlannerInfo *root, VariableStatData *vardata, const UidxTimeLayoutOids *key_row,
			  Oid time_function, bool want_max, const Datum *after, const Datum *before,
			  Datum *result)
{
	RelOptInfo *rel = vardata->rel;
	RangeTblEntry *rte;
	Oid			less = key_less_operator(key_row);
	ListCell   *lc;

	if (rel == NULL || rel->indexlist == NIL || !OidIsValid(less) ||
		rel->relid <= 0 || rel->relid >= (Index) root->simple_rel_array_size)
		return PROBE_UNKNOWN;
	rte = root->simple_rte_array[rel->relid];
	if (rte == NULL || rte->rtekind != RTE_RELATION || rte->relkind == RELKIND_PARTITIONED_TABLE)
		return PROBE_UNKNOWN;
	foreach(lc, rel->indexlist)
	{
		IndexOptInfo *index = lfirst_node(IndexOptInfo, lc);
		ScanKeyData scankeys[2];
		int			nkeys = 0;
		ScanDirection dir;
		bool		nulls_first;
		ProbeResult found;

		/* a whole-table btree index, not a hypothetical one, on the key first */
		if (index->relam != BTREE_AM_OID || index->indpred != NIL || index->hypothetical ||
			index->sortopfamily == NULL || !match_index_to_operand(vardata->var, 0, index) ||
			(index->sortopfamily[0] != key_row->btree_family &&
			 get_op_opfamily_strategy(less, index->sortopfamily[0]) != BTLessStrategyNumber))
			continue;
		dir = want_max != index->reverse_sort[0] ? BackwardScanDirection : ForwardScanDirection;
		if (after != NULL)
		{
			Oid			greater = get_opfamily_member(key_row->btree_family, key_row->key_type,
													  key_row->key_type, BTGreaterStrategyNumber);

			if (!OidIsValid(greater))
				return PROBE_UNKNOWN;
			ScanKeyEntryInitialize(&scankeys[nkeys++], 0, 1, BTGreaterStrategyNumber,
								   key_row->key_type, InvalidOid, get_opcode(greater), *after);
		}
		if (before != NULL)
			ScanKeyEntryInitialize(&scankeys[nkeys++], 0, 1, BTLessStrategyNumber,
								   key_row->key_type, InvalidOid, get_opcode(less), *before);
		/* in the scan's direction, NULLs come first where they sort at its start */
		nulls_first = index->nulls_first[0] == ScanDirectionIsForward(dir) &&
			!column_not_null(rte->relid, index->indexkeys[0]);
		found = read_index_end_cached(rte->relid, index->indexoid, index->indexkeys[0],
									  want_max, dir, nulls_first, scankeys, nkeys, after, before,
									  result);
		if (found == PROBE_FOUND && OidIsValid(time_function) &&
			time_is_null(time_function, *result))
			return PROBE_UNKNOWN;
		return found;
	}
	return PROBE_UNKNOWN;
}

/*
 * The rows of `relid` that its histogram counted, where a VACUUM since the
 * last ANALYZE counted them again in pg_class.reltuples (`reltuples`) without
 * making a new histogram: the rows it holds `now` less the rows changed since
 * that ANALYZE, as the cumulative statistics count them (the number
 * autovacuum decides to analyze by).  The rows updated or deleted since are
 * counted as changed too, so the rows added are then at most overcounted.
 * `reltuples` where those statistics do not say when the histogram and the
 * count were taken: statistics reset (no times), on a standby (VACUUM and
 * ANALYZE run on the primary), track_counts off (its times stale), or no
 * VACUUM since the last ANALYZE (reltuples is then ANALYZE's own count).
 */
static double
rows_counted_by_histogram(Oid relid, bool shared, double reltuples, double now)
{
	PgStat_EntryRef *entry_ref;
	PgStat_StatTabEntry *entry;
	TimestampTz analyzed;
	TimestampTz vacuumed;
	double		changed;

	if (!pgstat_track_counts || RecoveryInProgress())
		return reltuples;
	/*
	 * The shared entry is read as pgstat_fetch_entry() reads it under
	 * stats_fetch_consistency = none, without its copy: under "cache" or
	 * "snapshot" pgstat_fetch_stat_tabentry_ext() would keep the entry (or,
	 * under "snapshot", build a copy of every object's statistics, measured
	 * 2.4 times the planning of a one-day filter on 365 partitions) for the
	 * rest of the transaction, and a query of pg_stat_* later in it would
	 * see the counts as they were when uidx planned, not at its own first
	 * read.
	 */
	entry_ref = pgstat_get_entry_ref(PGSTAT_KIND_RELATION,
									 shared ? InvalidOid : MyDatabaseId,
									 relid, false, NULL);
	if (entry_ref == NULL || entry_ref->shared_entry->dropped)
		return reltuples;
	pgstat_lock_entry_shared(entry_ref, false);
	entry = &((PgStatShared_Relation *) entry_ref->shared_stats)->stats;
	analyzed = Max(UIDX_TABSTAT_ANALYZE_TIME(entry), UIDX_TABSTAT_AUTOANALYZE_TIME(entry));
	vacuumed = Max(UIDX_TABSTAT_VACUUM_TIME(entry), UIDX_TABSTAT_AUTOVACUUM_TIME(entry));
	changed = (double) UIDX_TABSTAT_MOD_SINCE_ANALYZE(entry);
	pgstat_unlock_entry(entry_ref);
	/*
	 * No row left that the histogram counted is not what it shows: a
	 * session flushes its counts at most once a second, so those of a load
	 * that ANALYZE in the same session followed at once land after
	 * ANALYZE has zeroed them, and count the rows it saw as changed.
	 */
	if (analyzed == 0 || vacuumed <= analyzed || changed <= 0 || changed >= now)
		return reltuples;
	return Min(reltuples, now - changed);
}

/*
 * pg_class.reltuples of `relid` (-1: no VACUUM or ANALYZE has counted it),
 * and whether it is shared.
 */
static double
class_reltuples(Oid relid, bool *relisshared)
{
	HeapTuple	tuple = SearchSysCache1(RELOID, ObjectIdGetDatum(relid));
	double		reltuples = -1.0;

	*relisshared = false;
	if (HeapTupleIsValid(tuple))
	{
		reltuples = ((Form_pg_class) GETSTRUCT(tuple))->reltuples;
		*relisshared = ((Form_pg_class) GETSTRUCT(tuple))->relisshared;
		ReleaseSysCache(tuple);
	}
	return reltuples;
}

/*
 * The rows the rel's histogram counted (0 if never analyzed; where a VACUUM
 * counted them again since, rows_counted_by_histogram), and the rows it
 * holds now.  rel->tuples is the latter as PostgreSQL's
 * estimate_rel_size() reckons it: the counted rows per page times the pages
 * there are now, but for a table never counted it assumes at least 10 pages
 * (a table just made may fill fast); here, where the index shows its keys,
 * its real pages count, the last one half full.
 */
static void
table_rows(PlannerInfo *root, RelOptInfo *rel, double *counted, double *now)
{
	RangeTblEntry *rte = root->simple_rte_array[rel->relid];
	bool		relisshared;
	double		reltuples = class_reltuples(rte->relid, &relisshared);

	*counted = 0.0;
	*now = rel->tuples;
	if (reltuples >= 0.0)
		*counted = rows_counted_by_histogram(rte->relid, relisshared, reltuples, *now);
	else if (rel->pages > 0)
	{
		/* the planner holds a lock on it already */
		Relation	heap = table_open(rte->relid, NoLock);

		/* its last page is half full, on average */
		*now = rel->tuples *
			Max(Min((double) RelationGetNumberOfBlocks(heap), (double) rel->pages) - 0.5, 0.0) /
			rel->pages;
		table_close(heap, NoLock);
	}
}

/*
 * The fraction of the rel's rows now (rel->tuples, which PostgreSQL's
 * estimate_rel_size() scales to the table's current size) whose field is
 * at least `from` and below `below`: the statistics' fraction for the rows
 * they counted (analyzed_selec, -1 without statistics), and for the rows
 * added since, an even spread over the times between the first key past the
 * histogram's last bound and the key's actual end (without statistics:
 * between the key's actual ends), counted at the layout's share there.
 * Where the key has no btree index, or the index gives no answer, this is
 * the statistics' fraction alone, as before: the rows past the histogram
 * count as none until the next ANALYZE.
 */
static double
with_rows_since_stats(PlannerInfo *root, VariableStatData *vardata,
					  const UidxTimeLayoutOids *key_row, double from, double below,
					  Oid time_function, double analyzed_selec, const StatsEnd *end)
{
	RelOptInfo *rel = vardata->rel;
	int			time_offset = key_row->layout->time_offset;
	bool		has_stats = analyzed_selec >= 0.0;
	bool		has_end = has_stats && end->valid;
	double		counted;
	double		now;
	double		added;
	Datum		first;
	Datum		last;
	ProbeResult found;
	double		first_field;
	double		last_field;
	double		covered;
	pg_uuid_t	from_key;

	if (rel == NULL || rel->tuples <= 0 || rel->relid <= 0 ||
		rel->relid >= (Index) root->simple_rel_array_size ||
		root->simple_rte_array[rel->relid] == NULL ||
		root->simple_rte_array[rel->relid]->rtekind != RTE_RELATION)
		return analyzed_selec;
	table_rows(root, rel, &counted, &now);
	if (!has_stats)
		counted = 0.0;
	added = now - counted;
	/* a table never counted whose file is empty holds nothing yet */
	if (!has_stats && now <= 0.0)
		return 0.0;
	if (added <= 0.0)
		return analyzed_selec;
	/* a range that ends before the rows added since adds none of them */
	if (has_end && below <= end->last_field)
		return analyzed_selec * counted / rel->tuples;
	found = probe_key_end(root, vardata, key_row, time_function, true, NULL, NULL, &last);
	/* no key at all that a snapshot may see: the table is empty */
	if (found == PROBE_NONE)
		return 0.0;
	if (found != PROBE_FOUND)
		return analyzed_selec;
	last_field = field_of(last, time_offset);
	/*
	 * Where the key's order reads its field first (no time function to
	 * count a layout's share by) and the rows added end before `below`,
	 * the first of them matters only where it lies before `from`: from
	 * there on, every one of them is inside the range.  So only a key below
	 * `from`'s smallest key is looked for, and a scan for it stops at the
	 * first key past that, not at the end of the leaf page.  None found:
	 * all the rows added are inside the range, where the last key shows
	 * that there are keys past the histogram (by its field: no function is
	 * called on a statistics value, docs/internals.md).
	 */
	if (!OidIsValid(time_function) && last_field + 1 <= below && from > 0 &&
		(!has_end || last_field > end->last_field) &&
		uidx_time_key_bound(key_row->layout, (int64) from, false, from_key.data))
	{
		Datum		from_datum = UUIDPGetDatum(&from_key);

		found = probe_key_end(root, vardata, key_row, time_function, false,
							  has_end ? &end->last : NULL, &from_datum, &first);
		if (found == PROBE_NONE)
			return (Max(analyzed_selec, 0.0) * counted + added) / rel->tuples;
	}
	else
		found = probe_key_end(root, vardata, key_row, time_function, false,
							  has_end ? &end->last : NULL, NULL, &first);
	/*
	 * No key past the histogram's last bound: the table grew without new
	 * keys at its end (an UPDATE's new row versions, a backfill), so none of
	 * its growth is put there; the statistics' fraction is scaled to the
	 * current size, as PostgreSQL scales its own estimates.
	 */
	if (found == PROBE_NONE && has_end)
		return analyzed_selec;
	if (found == PROBE_FOUND)
		first_field = field_of(first, time_offset);
	else if (has_end)
		first_field = end->last_field;
	else
		return analyzed_selec;
	if (last_field < first_field)
		return analyzed_selec;
	/* the milliseconds first_field .. last_field, each holding as many rows */
	covered = (Min(below, last_field + 1) - Max(from, first_field)) /
		(last_field + 1 - first_field);
	covered = Max(covered, 0.0) * (has_end ? end->share : 1.0);
	return (Max(analyzed_selec, 0.0) * counted + covered * added) / rel->tuples;
}

/*
 * The index of `rel` in its parent's part_rels, or -1.  PostgreSQL expands a
 * parent's partitions in that order (expand_partitioned_rtentry() in
 * inherit.c), each with the next range-table index, so those not pruned
 * (the others are NULL) are in the order of their relids: a binary search
 * finds it, where a scan from the start costs the square of the partitions
 * over one plan.  Where that order did not hold, nothing is found.
 */
static int
partition_index(const RelOptInfo *parent, const RelOptInfo *rel)
{
	int			lo = 0;
	int			hi = parent->nparts - 1;

	while (lo <= hi)
	{
		int			mid = lo + (hi - lo) / 2;
		int			at = mid;

		while (at <= hi && parent->part_rels[at] == NULL)
			at++;
		if (at > hi)
			hi = mid - 1;
		else if (parent->part_rels[at] == rel)
			return at;
		else if (parent->part_rels[at]->relid < rel->relid)
			lo = at + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

/*
 * The i of partition `part` in a range partitioning's bounds, where
 * indexes[i] is the partition of the keys from datums[i - 1] to below
 * datums[i], or -1.  Partitions are numbered in the order of their bounds,
 * so the partitions in indexes[] rise with i, between the -1 of the lower
 * bounds that follow a gap (each followed by its partition's upper bound);
 * `part`'s is at part + 1 or, past gaps, after.
 */
static int
upper_bound_index(PartitionBoundInfo bounds, int part)
{
	int			lo = part + 1;
	int			hi = bounds->ndatums - 1;

	while (lo <= hi)
	{
		int			mid = lo + (hi - lo) / 2;
		int			at = mid;

		if (bounds->indexes[at] < 0 && at < hi)
			at++;
		if (bounds->indexes[at] == part)
			return at;
		if (bounds->indexes[at] >= 0 && bounds->indexes[at] < part)
			lo = at + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

/*
 * Does every key the rel, a partition, can hold have its field at least
 * `from` and below `below`?  Its bounds are read from its parent's partition
 * bounds, where the parent is range-partitioned by `key` alone in the key
 * type's order (an upper bound that is its field's smallest key admits no
 * key of that field); false for anything else (a default partition, an
 * unbounded end, another key, a rel that is no partition), and for a
 * partition no VACUUM or ANALYZE has counted yet: PostgreSQL then assumes
 * ten pages of rows, where with_rows_since_stats() reads the real size (an
 * empty partition made ahead of its time holds nothing).
 */
static bool
partition_inside(PlannerInfo *root, Node *key, const UidxTimeLayoutOids *key_row, double from,
				 double below)
{
	Var		   *var;
	RelOptInfo *rel;
	RelOptInfo *parent;
	AppendRelInfo *appinfo;
	PartitionBoundInfo bounds;
	Var		   *parent_key;
	Var		   *child_key;
	int			part;
	int			i;
	uint8		smallest[UIDX_LEN];
	double		first;
	double		last;
	bool		relisshared;

	while (IsA(key, RelabelType))
		key = (Node *) ((RelabelType *) key)->arg;
	if (!IsA(key, Var) || root->append_rel_array == NULL)
		return false;
	var = (Var *) key;
	if (var->varlevelsup != 0 || var->varno <= 0 || var->varno >= root->simple_rel_array_size)
		return false;
	rel = root->simple_rel_array[var->varno];
	appinfo = root->append_rel_array[var->varno];
	if (rel == NULL || appinfo == NULL || appinfo->parent_relid <= 0 ||
		appinfo->parent_relid >= (Index) root->simple_rel_array_size)
		return false;
	parent = root->simple_rel_array[appinfo->parent_relid];
	if (parent == NULL || parent->part_scheme == NULL || parent->boundinfo == NULL ||
		parent->part_rels == NULL || parent->partexprs == NULL ||
		parent->part_scheme->strategy != PARTITION_STRATEGY_RANGE ||
		parent->part_scheme->partnatts != 1 ||
		parent->part_scheme->partopfamily[0] != key_row->btree_family ||
		parent->partexprs[0] == NIL || !IsA(linitial(parent->partexprs[0]), Var))
		return false;
	parent_key = linitial_node(Var, parent->partexprs[0]);
	if (parent_key->varattno <= 0 || parent_key->varattno > list_length(appinfo->translated_vars))
		return false;
	child_key = list_nth(appinfo->translated_vars, parent_key->varattno - 1);
	if (child_key == NULL || !IsA(child_key, Var) || child_key->varno != var->varno ||
		child_key->varattno != var->varattno)
		return false;
	part = partition_index(parent, rel);
	if (part < 0)
		return false;
	bounds = parent->boundinfo;
	i = upper_bound_index(bounds, part);
	if (i < 1 ||
		bounds->kind[i - 1][0] != PARTITION_RANGE_DATUM_VALUE ||
		bounds->kind[i][0] != PARTITION_RANGE_DATUM_VALUE)
		return false;
	first = field_of(bounds->datums[i - 1][0], key_row->layout->time_offset);
	last = field_of(bounds->datums[i][0], key_row->layout->time_offset);
	if (uidx_time_key_bound(key_row->layout, (int64) last, false, smallest) &&
		memcmp(smallest, DatumGetUUIDP(bounds->datums[i][0])->data, UIDX_LEN) == 0)
		last -= 1;
	return from <= first && last < below &&
		class_reltuples(root->simple_rte_array[var->varno]->relid, &relisshared) >= 0.0;
}

/*
 * The fraction of the key's rows whose field is at least `from` and below
 * `below`, counting only values the time function reads where it is given;
 * -1 without statistics or an index that shows the key's range.
 */
static double
fraction_between(PlannerInfo *root, Node *key, const UidxTimeLayoutOids *key_row, double from,
				 double below, Oid time_function)
{
	VariableStatData vardata;
	StatsEnd	end = {0};
	double		selec = -1.0;
	bool		has_stats;

	/*
	 * A range that holds every key a partition can hold holds all its rows:
	 * no statistics or index are read (a filter aligned with daily
	 * partitions, or the days in the middle of a longer one).
	 */
	if (!OidIsValid(time_function) && partition_inside(root, key, key_row, from, below))
		return 1.0;
	examine_variable(root, key, 0, &vardata);
	has_stats = HeapTupleIsValid(vardata.statsTuple);
	if (has_stats)
		selec = fraction_between_stats(&vardata, key_row, from, below, time_function, &end);
	/* statistics sorted by another order are not read, nor is the index then */
	if (!has_stats || selec >= 0.0)
		selec = with_rows_since_stats(root, &vardata, key_row, from, below, time_function,
									  selec, &end);
	if (selec >= 0.0)
		CLAMP_PROBABILITY(selec);
	ReleaseVariableStats(vardata);
	return selec;
}

/*
 * The parts of a range condition `key op bound` or `bound op key`, op one of
 * the key type's btree <, <=, >=, > (time_bounds.c makes `key >= bound` and
 * `key <= bound`; a user's id-range filter can be any): false where its
 * bound is not known while planning.  *from and *below are the fields the
 * condition admits, at least and below; a bound inside a millisecond counts
 * the whole millisecond.
 */
static bool
range_parts(PlannerInfo *root, RestrictInfo *range, Node **key,
			const UidxTimeLayoutOids **key_row, double *from, double *below)
{
	OpExpr	   *clause = (OpExpr *) range->clause;
	Node	   *bound;
	int			strategy;
	double		field;
	bool		key_on_left = true;

	if (!is_opclause(clause) || list_length(clause->args) != 2)
		return false;
	*key = linitial(clause->args);
	*key_row = uidx_time_layout_of_key_domain(exprType(*key));
	if (*key_row == NULL || !OidIsValid((*key_row)->btree_family))
		return false;
	strategy = get_op_opfamily_strategy(clause->opno, (*key_row)->btree_family);
	bound = lsecond(clause->args);
	if (!IsA(strip_implicit_coercions(*key), Var) && IsA(strip_implicit_coercions(bound), Var))
	{
		Node	   *swap = *key;

		*key = bound;
		bound = swap;
		key_on_left = false;
	}
	if (strategy == 0 || strategy == BTEqualStrategyNumber)
		return false;
	if (!key_on_left)
		strategy = BTMaxStrategyNumber + 1 - strategy;
	bound = estimate_expression_value(root, bound);
	if (!IsA(bound, Const) || ((Const *) bound)->constisnull)
		return false;
	field = field_of(((Const *) bound)->constvalue, (*key_row)->layout->time_offset);
	*from = 0.0;
	*below = (double) UIDX_MAX_MS48 + 1;
	if (strategy == BTGreaterEqualStrategyNumber || strategy == BTGreaterStrategyNumber)
		*from = field;
	else
		*below = field + 1;
	return true;
}

void
uidx_estimate_range(PlannerInfo *root, RestrictInfo *range, Oid time_function)
{
	Node	   *key;
	const UidxTimeLayoutOids *key_row;
	double		from;
	double		below;
	double		selec;

	if (!range_parts(root, range, &key, &key_row, &from, &below))
		return;
	selec = fraction_between(root, key, key_row, from, below, time_function);
	if (selec >= 0.0)
		range->norm_selec = selec;
}

double
uidx_estimate_ranges(PlannerInfo *root, List *ranges, Oid time_function)
{
	Node	   *key = NULL;
	const UidxTimeLayoutOids *key_row = NULL;
	double		from = 0.0;
	double		below = (double) UIDX_MAX_MS48 + 1;
	ListCell   *lc;

	foreach(lc, ranges)
	{
		Node	   *range_key;
		const UidxTimeLayoutOids *range_row;
		double		range_from;
		double		range_below;

		if (!range_parts(root, lfirst_node(RestrictInfo, lc), &range_key, &range_row,
						 &range_from, &range_below) ||
			(key != NULL && (!equal(key, range_key) || key_row != range_row)))
			return -1.0;
		key = range_key;
		key_row = range_row;
		from = Max(from, range_from);
		below = Min(below, range_below);
	}
	if (key == NULL)
		return -1.0;
	return fraction_between(root, key, key_row, from, below, time_function);
}
