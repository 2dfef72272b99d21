// pgx v4 with the recipe of docs/drivers.md "Client recipes" (uidx.go, built
// beside this file): binary transfer for iuid, comb and distid, the arrays
// of the first two and CopyFrom.  Run by test/t/drivers.sh (GOPATH mode on Debian's packages).
// One line per check; exits non-zero when any fails.
package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strings"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

var failures int

func check(name string, fn func() error) {
	if err := fn(); err != nil {
		failures++
		fmt.Printf("not ok - pgx: %s: %s\n", name, strings.SplitN(err.Error(), "\n", 2)[0])
		return
	}
	fmt.Printf("ok - pgx: %s\n", name)
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
	config, err := pgxpool.ParseConfig("dbname=" + os.Getenv("DRIVERS_DB"))
	if err != nil {
		panic(err)
	}
	if os.Getenv("DRIVERS_NO_ADAPTER") == "" {
		config.AfterConnect = RegisterUidx
	}
	pool, err := pgxpool.ConnectConfig(ctx, config)
	if err != nil {
		fmt.Printf("not ok - pgx: connect: %s\n", err)
		os.Exit(1)
	}
	defer pool.Close()
	for _, stmt := range []string{
		"DROP TABLE IF EXISTS go_note, go_ticket",
		`CREATE TABLE go_ticket (id iuid PRIMARY KEY DEFAULT iuid_generate(7, 42),
		   ref comb NOT NULL DEFAULT comb_suffix_generate(), seq distid NOT NULL DEFAULT distid_generate(), title text)`,
		"CREATE TABLE go_note (ticket_id uuid NOT NULL REFERENCES go_ticket (id), body text)",
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
			if f.Format != pgx.BinaryFormatCode {
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
		var pgErr *pgconn.PgError
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
		n, err := pool.CopyFrom(ctx, pgx.Identifier{"go_ticket"}, []string{"id", "ref", "seq", "title"}, pgx.CopyFromRows(rows))
		if err != nil {
			return err
		}
		if n != 3 {
			return fmt.Errorf("%d rows", n)
		}
		return nil
	})
	fmt.Printf("pgx %s: %d failed\n", os.Getenv("PGX_VERSION"), failures)
	if failures > 0 {
		os.Exit(1)
	}
}
