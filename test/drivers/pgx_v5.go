// What test/drivers/pgx_checks.go needs of pgx v5 (built with uidx_pgx5.go).
package main

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

const major = "v5"

type Pool = pgxpool.Pool
type PgError = pgconn.PgError

func connect(ctx context.Context, db string, withRecipe bool) (*Pool, error) {
	config, err := pgxpool.ParseConfig("dbname=" + db)
	if err != nil {
		return nil, err
	}
	if withRecipe {
		config.AfterConnect = RegisterUidx
	}
	return pgxpool.NewWithConfig(ctx, config)
}

func copyFrom(ctx context.Context, pool *Pool, table string, columns []string, rows [][]interface{}) (int64, error) {
	return pool.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromRows(rows))
}

// v5's recipe also registers distid[], and gives pgtype.UUID and any
func versionChecks(ctx context.Context, pool *Pool, iuid [16]byte, seq Distid) {
	check("v5: distid[] with a NULL element, as []*Distid, back as a parameter", func() error {
		var ds []*Distid
		if err := pool.QueryRow(ctx, "SELECT ARRAY[seq, NULL] FROM go_nullable WHERE n = 3").Scan(&ds); err != nil {
			return err
		}
		if len(ds) != 2 || ds[0] == nil || ds[0].Cmp(&seq.Int) != 0 || ds[1] != nil {
			return fmt.Errorf("got %v", ds)
		}
		var n int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM go_nullable WHERE seq = ANY($1)", ds).Scan(&n); err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%d rows", n)
		}
		return nil
	})
	check("v5: NULL into pgtype.UUID and any; a distid into any is a Distid", func() error {
		var id pgtype.UUID
		var seqAny, nullAny any = 1, 1
		if err := pool.QueryRow(ctx, "SELECT id, seq FROM go_nullable WHERE n = 1").Scan(&id, &nullAny); err != nil {
			return err
		}
		if id.Valid || nullAny != nil {
			return fmt.Errorf("got %v %v", id, nullAny)
		}
		if err := pool.QueryRow(ctx, "SELECT id, seq FROM go_nullable WHERE n = 3").Scan(&id, &seqAny); err != nil {
			return err
		}
		d, ok := seqAny.(Distid)
		if !id.Valid || id.Bytes != iuid || !ok || d.Cmp(&seq.Int) != 0 {
			return fmt.Errorf("got %v %T %v", id, seqAny, seqAny)
		}
		return nil
	})
}
