// What test/drivers/pgx_checks.go needs of pgx v4 (built with uidx_pgx4.go).
package main

import (
	"context"
	"fmt"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

const major = "v4"

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
	return pgxpool.ConnectConfig(ctx, config)
}

func copyFrom(ctx context.Context, pool *Pool, table string, columns []string, rows [][]interface{}) (int64, error) {
	return pool.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromRows(rows))
}

// v4 sends a Distid with Null set as NULL, and scans a NULL into a Distid
func versionChecks(ctx context.Context, pool *Pool, iuid [16]byte, seq Distid) {
	check("v4: a Distid with Null set goes as NULL and a NULL scans into it", func() error {
		if _, err := pool.Exec(ctx, "INSERT INTO go_nullable VALUES (6, NULL, NULL, $1)", Distid{Null: true}); err != nil {
			return err
		}
		d := seq
		if err := pool.QueryRow(ctx, "SELECT seq FROM go_nullable WHERE n = 6").Scan(&d); err != nil {
			return err
		}
		if !d.Null || d.Sign() != 0 {
			return fmt.Errorf("got %s, Null %v", d.String(), d.Null)
		}
		return nil
	})
}
