# gnuplot script of the growth plots (test/bench/growth-plot.sh sets csv,
# out, panel = both | rate | wal | lookup, subtitle, keys and titles).
#
# CSV columns (test/bench/run.sh): 1 key, 2 step, 3 rows_total, 4 step_rows,
# 5 seconds, 6 rows_per_s, 7 wal_bytes_per_row, 8 fpi_per_1000_rows,
# 9 index_bytes_per_row, 10 lookups, 11 lookup_p50_us, 12 lookup_p99_us,
# 13-16 ratios to the sequential key, 17 label.  The rows of one key are
# consecutive, so selecting one key's rows (the others undefined) draws its
# line unbroken.

set datafile separator comma
set terminal pngcairo size 1400,(panel eq 'both' ? 1150 : 700) font 'DejaVu Sans,13' linewidth 2 noenhanced
set output out
set logscale x 2
set format x '%g'
set xtics (0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128)
set mxtics 1
set grid xtics ytics lc rgb '#d0d0d0' lw 0.5
set key outside right top vertical Left reverse samplen 2.5 spacing 1.2
# the same plot width with and without the key
set lmargin at screen 0.08
set rmargin at screen 0.72
set tics nomirror
set border 3

sel(i, v) = (strcol(1) eq word(keys, i)) ? v : 1/0
millions = 'table size, million rows (log scale)'

# the title goes to the multiplot, centred on the whole image (a plot's own
# title would be centred over the plot area, which the key pushes left)
ptitle = panel eq 'both' ? 'Inserting into a growing table: one INSERT ... SELECT per batch, PRIMARY KEY on the key' \
       : panel eq 'rate' ? 'Insert rate as the table grows' \
       : panel eq 'wal' ? 'WAL per inserted row as the table grows' \
       : 'Point lookups of random existing keys after each step'
set multiplot layout (panel eq 'both' ? 2 : 1),1 title ptitle."\n".subtitle font ',14'
if (panel eq 'both' || panel eq 'rate') {
    set ylabel 'insert rate over the step (thousand rows/s)'
    set xlabel millions
    set yrange [0:*]
    plot for [i=1:words(keys)] csv every ::1 using ($3/1e6):(sel(i, $6/1000)) \
         with linespoints pt (i + 3) ps 1.2 lc rgb word(colours, i) lw (word(keys, i) eq 'seq' ? 3 : 2) title word(titles, i)
}
if (panel eq 'both' || panel eq 'wal') {
    if (panel eq 'both') { unset key }
    set ylabel 'WAL over the step (bytes per row)'
    set xlabel millions
    set yrange [0:*]
    plot for [i=1:words(keys)] csv every ::1 using ($3/1e6):(sel(i, $7)) \
         with linespoints pt (i + 3) ps 1.2 lc rgb word(colours, i) lw (word(keys, i) eq 'seq' ? 3 : 2) title word(titles, i)
}
if (panel eq 'lookup') {
    set ylabel 'lookup latency, 99th percentile (µs)'
    set xlabel millions
    set yrange [0:*]
    plot for [i=1:words(keys)] csv every ::1 using ($3/1e6):(sel(i, $12)) \
         with linespoints pt (i + 3) ps 1.2 lc rgb word(colours, i) lw (word(keys, i) eq 'seq' ? 3 : 2) title word(titles, i)
}
unset multiplot
