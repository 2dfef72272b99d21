// pgx with the recipe of docs/drivers.md "Client recipes" (uidx_pgx5.go or
// uidx_pgx4.go, built beside this file and pgx_v5.go or pgx_v4.go, which hold
// what differs between the two majors): binary transfer for iuid, comb and
// distid, the arrays of the first two, CopyFrom and NULL.  Run by
// test/t/drivers.sh (GOPATH mode on Debian's packages).
// One line per check; exits non-zero when any fails.
package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strings"
)

const binaryFormat = 1

var failures int

func check(name string, fn func() error) {
	if err := fn(); err != nil {
		failures++
		fmt.Printf("not ok - pgx %s: %s: %s\n", major, name, strings.SplitN(err.Error(), "\n", 2)[0])
		return
	}
	fmt.Printf("ok - pgx %s: %s\n", major, name)
}

func mustUUID(s string) [16]byte {
	var u [16]byte
	h := strings.ReplaceAll(s, "-", "")
	for i := range u {
		fmt.Sscanf(h[2*i:2*i+2], "%02x", &u[i])
	}
	return u
}

func distid(s string) Distid {
	var d Distid
	d.SetString(s, 10)
	return d
}

func main() {
	ctx := context.Background()
	pool, err := connect(ctx, os.Getenv("DRIVERS_DB"), os.Getenv("DRIVERS_NO_ADAPTER") == "")
	if err != nil {
		fmt.Printf("not ok - pgx %s: connect: %s\n", major, err)
		os.Exit(1)
	}
	defer pool.Close()
	for _, stmt := range []string{
		"DROP TABLE IF EXISTS go_note, go_ticket, go_nullable",
		`CREATE TABLE go_ticket (id iuid PRIMARY KEY DEFAULT iuid_generate(7, 42),
		   ref comb NOT NULL DEFAULT comb_suffix_generate(), seq distid NOT NULL DEFAULT distid_generate(), title text)`,
		"CREATE TABLE go_note (ticket_id uuid NOT NULL REFERENCES go_ticket (id), body text)",
		"CREATE TABLE go_nullable (n int, id iuid, ref comb, seq distid)",
	} {
		if _, err := pool.Exec(ctx, stmt); err != nil {
			panic(err)
		}
	}
	iuid := mustUUID("018cc251-f400-802a-8740-000000000001")
	comb := mustUUID("7c091a30-aa83-4920-9288-018cc251f400")
	missing := mustUUID("018cc251-f400-802a-8740-00000000fffe")
	seq := distid("1088824355131185736905670087")
	variant := func(b byte) [16]byte { u := iuid; u[15] = b; return u }

	check("DEFAULT + RETURNING into [16]byte, [16]byte, Distid", func() error {
		var id, ref [16]byte
		var d Distid
		if err := pool.QueryRow(ctx, "INSERT INTO go_ticket (title) VALUES ('default') RETURNING id, ref, seq").Scan(&id, &ref, &d); err != nil {
			return err
		}
		if id == [16]byte{} || ref == [16]byte{} || d.Sign() <= 0 {
			return fmt.Errorf("got %x %x %s", id, ref, d.String())
		}
		return nil
	})
	check("INSERT with [16]byte and Distid parameters", func() error {
		_, err := pool.Exec(ctx, "INSERT INTO go_ticket VALUES ($1, $2, $3, 'params')", iuid, comb, seq)
		return err
	})
	check("SELECT with [16]byte parameters, binary results", func() error {
		rows, err := pool.Query(ctx, "SELECT id, ref, seq FROM go_ticket WHERE id = $1 AND ref = $2 AND seq = $3", iuid, comb, seq)
		if err != nil {
			return err
		}
		defer rows.Close()
		if !rows.Next() {
			return fmt.Errorf("no row (%v)", rows.Err())
		}
		fd := rows.FieldDescriptions()
		for i, f := range fd {
			if f.Format != binaryFormat {
				return fmt.Errorf("column %d came in format %d, not binary", i+1, f.Format)
			}
		}
		var id, ref [16]byte
		var d Distid
		if err := rows.Scan(&id, &ref, &d); err != nil {
			return err
		}
		if id != iuid || ref != comb || d.Cmp(&seq.Int) != 0 {
			return fmt.Errorf("got %x %x %s", id, ref, d.String())
		}
		return nil
	})
	// what worked without the recipe must still work with it: every type
	// scans into a string, and the strings go back as parameters
	check("Scan into strings, and the strings back as parameters", func() error {
		var id, ref, d string
		if err := pool.QueryRow(ctx, "SELECT id, ref, seq FROM go_ticket WHERE id = $1", iuid).Scan(&id, &ref, &d); err != nil {
			return err
		}
		if id != "018cc251-f400-802a-8740-000000000001" || ref != "7c091a30-aa83-4920-9288-018cc251f400" || d != seq.String() {
			return fmt.Errorf("got %s %s %s", id, ref, d)
		}
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM go_ticket WHERE id = $1 AND ref = $2 AND seq = $3", id, ref, d).Scan(&n); err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%d rows for the strings read back", n)
		}
		return nil
	})
	check("= ANY with [][16]byte, array result", func() error {
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM go_ticket WHERE id = ANY($1)", [][16]byte{iuid, missing}).Scan(&n); err != nil {
			return err
		}
		var ids [][16]byte
		if err := pool.QueryRow(ctx, "SELECT array_agg(id) FROM go_ticket WHERE id = $1", iuid).Scan(&ids); err != nil {
			return err
		}
		if n != 1 || len(ids) != 1 || ids[0] != iuid {
			return fmt.Errorf("count %d, array %x", n, ids)
		}
		return nil
	})
	check("foreign key from a uuid column", func() error {
		if _, err := pool.Exec(ctx, "INSERT INTO go_note VALUES ($1, 'a note')", iuid); err != nil {
			return err
		}
		_, err := pool.Exec(ctx, "INSERT INTO go_note VALUES ($1, 'an orphan')", missing)
		var pgErr *PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23503" {
			return nil
		}
		return fmt.Errorf("a missing parent: %v", err)
	})
	check("bulk load: CopyFrom (binary COPY)", func() error {
		rows := [][]interface{}{}
		for i := 0; i < 3; i++ {
			var d Distid
			d.Add(&seq.Int, big.NewInt(int64(0x60+i)))
			rows = append(rows, []interface{}{variant(byte(0x60 + i)), comb, d, "copy"})
		}
		n, err := copyFrom(ctx, pool, "go_ticket", []string{"id", "ref", "seq", "title"}, rows)
		if err != nil {
			return err
		}
		if n != 3 {
			return fmt.Errorf("%d rows", n)
		}
		return nil
	})
	nullChecks(ctx, pool, iuid, comb, seq)
	versionChecks(ctx, pool, iuid, seq)
	fmt.Printf("pgx %s: %d failed\n", os.Getenv("PGX_VERSION"), failures)
	if failures > 0 {
		os.Exit(1)
	}
}

// A NULL in each type's column, sent as nil and as a nil pointer, read back
// into what a nullable column is scanned into (docs/drivers.md "Go: pgx").
func nullChecks(ctx context.Context, pool *Pool, iuid, comb [16]byte, seq Distid) {
	check("NULL parameters: nil, nil pointers", func() error {
		if _, err := pool.Exec(ctx, "INSERT INTO go_nullable VALUES (1, $1, $2, $3)", nil, nil, nil); err != nil {
			return err
		}
		_, err := pool.Exec(ctx, "INSERT INTO go_nullable VALUES (2, $1, $2, $3)", (*[16]byte)(nil), (*string)(nil), (*Distid)(nil))
		if err != nil {
			return err
		}
		_, err = pool.Exec(ctx, "INSERT INTO go_nullable VALUES (3, $1, $2, $3)", iuid, comb, seq)
		if err != nil {
			return err
		}
		var n int
		err = pool.QueryRow(ctx, "SELECT count(*) FROM go_nullable WHERE id IS NULL AND ref IS NULL AND seq IS NULL").Scan(&n)
		if err == nil && n != 2 {
			err = fmt.Errorf("%d rows of NULLs, expected 2", n)
		}
		return err
	})
	check("NULL into **[16]byte, **string, **Distid: nil", func() error {
		var id *[16]byte
		var ref *string
		var d *Distid
		var idText, seqText *string
		err := pool.QueryRow(ctx, "SELECT id, ref, seq, id, seq FROM go_nullable WHERE n = 1").Scan(&id, &ref, &d, &idText, &seqText)
		if err != nil {
			return err
		}
		if id != nil || ref != nil || d != nil || idText != nil || seqText != nil {
			return fmt.Errorf("got %v %v %v %v %v", id, ref, d, idText, seqText)
		}
		// and a value into the same
		err = pool.QueryRow(ctx, "SELECT id, ref, seq, id, seq FROM go_nullable WHERE n = 3").Scan(&id, &ref, &d, &idText, &seqText)
		if err != nil {
			return err
		}
		if id == nil || *id != iuid || ref == nil || d == nil || d.Cmp(&seq.Int) != 0 || idText == nil || seqText == nil || *seqText != seq.String() {
			return fmt.Errorf("got %v %v %v %v %v", id, ref, d, idText, seqText)
		}
		return nil
	})
	check("NULL into sql.NullString: not valid; a value: its text", func() error {
		var id, ref, d sql.NullString
		if err := pool.QueryRow(ctx, "SELECT id, ref, seq FROM go_nullable WHERE n = 1").Scan(&id, &ref, &d); err != nil {
			return err
		}
		if id.Valid || ref.Valid || d.Valid {
			return fmt.Errorf("got %v %v %v", id, ref, d)
		}
		if err := pool.QueryRow(ctx, "SELECT id, ref, seq FROM go_nullable WHERE n = 3").Scan(&id, &ref, &d); err != nil {
			return err
		}
		if id.String != "018cc251-f400-802a-8740-000000000001" || ref.String != "7c091a30-aa83-4920-9288-018cc251f400" || d.String != seq.String() {
			return fmt.Errorf("got %v %v %v", id, ref, d)
		}
		return nil
	})
	// a plain string has no NULL: pgx refuses it, as it does for a uuid column
	check("NULL into *string: refused as for a uuid column", func() error {
		for _, col := range []string{"id", "seq", "NULL::uuid"} {
			var s string
			err := pool.QueryRow(ctx, "SELECT "+col+" FROM go_nullable WHERE n = 1").Scan(&s)
			if err == nil || !strings.Contains(strings.ToUpper(err.Error()), "NULL") {
				return fmt.Errorf("%s: %q, error %v", col, s, err)
			}
		}
		return nil
	})
	check("iuid[] with a NULL element into []*string", func() error {
		var ids []*string
		if err := pool.QueryRow(ctx, "SELECT ARRAY[id, NULL] FROM go_nullable WHERE n = 3").Scan(&ids); err != nil {
			return err
		}
		if len(ids) != 2 || ids[0] == nil || *ids[0] != "018cc251-f400-802a-8740-000000000001" || ids[1] != nil {
			return fmt.Errorf("got %v", ids)
		}
		return nil
	})
	check("CopyFrom with NULLs", func() error {
		n, err := copyFrom(ctx, pool, "go_nullable", []string{"n", "id", "ref", "seq"},
			[][]interface{}{{4, nil, nil, nil}, {5, nil, nil, (*Distid)(nil)}})
		if err != nil {
			return err
		}
		var nulls int
		err = pool.QueryRow(ctx, "SELECT count(*) FROM go_nullable WHERE n >= 4 AND id IS NULL AND seq IS NULL").Scan(&nulls)
		if err == nil && (n != 2 || nulls != 2) {
			err = fmt.Errorf("%d rows copied, %d of NULLs", n, nulls)
		}
		return err
	})
}
