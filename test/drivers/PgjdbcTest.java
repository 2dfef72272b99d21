// pgjdbc against every uidx type (docs/drivers.md "Client recipes", pgjdbc: what it
// can and cannot do), with the recipe Uidx.java (written beside this file by
// drivers.sh from the README).
// Run by test/t/drivers.sh: java -cp <postgresql.jar>:<classes> PgjdbcTest,
// with PGHOST (the sandbox's socket directory), PGPORT, PGUSER and
// DRIVERS_DB.  pgjdbc speaks TCP only; UnixSocketFactory below lets it use
// the sandbox's Unix socket (Java 16+), so no TCP port is opened for tests.
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.math.BigInteger;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Properties;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

public class PgjdbcTest {
    public static class UnixSocketFactory extends javax.net.SocketFactory {
        private final String path;
        public UnixSocketFactory(String path) { this.path = path; }
        @Override public Socket createSocket() { return new UnixSocket(path); }
        @Override public Socket createSocket(String h, int p) { throw new UnsupportedOperationException(); }
        @Override public Socket createSocket(String h, int p, java.net.InetAddress a, int lp) { throw new UnsupportedOperationException(); }
        @Override public Socket createSocket(java.net.InetAddress h, int p) { throw new UnsupportedOperationException(); }
        @Override public Socket createSocket(java.net.InetAddress h, int p, java.net.InetAddress a, int lp) { throw new UnsupportedOperationException(); }
    }

    static class UnixSocket extends Socket {
        private final String path;
        private SocketChannel channel;
        private InputStream in;
        private OutputStream out;
        UnixSocket(String path) { this.path = path; }
        @Override public void connect(SocketAddress ignored, int timeout) throws IOException {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
            channel.connect(UnixDomainSocketAddress.of(path));
            in = Channels.newInputStream(channel);
            out = Channels.newOutputStream(channel);
        }
        @Override public InputStream getInputStream() { return in; }
        @Override public OutputStream getOutputStream() { return out; }
        @Override public boolean isConnected() { return channel != null && channel.isConnected(); }
        @Override public boolean isClosed() { return channel != null && !channel.isOpen(); }
        @Override public synchronized void close() throws IOException { if (channel != null) channel.close(); }
        @Override public void setTcpNoDelay(boolean on) { }
        @Override public void setKeepAlive(boolean on) { }
        @Override public synchronized void setSoTimeout(int timeout) { }
        @Override public synchronized int getSoTimeout() { return 0; }
        @Override public synchronized void setReceiveBufferSize(int size) { }
        @Override public synchronized void setSendBufferSize(int size) { }
    }

    interface Check { void run() throws Exception; }
    static int failures = 0;

    static void check(String name, Check c) {
        try {
            c.run();
            System.out.println("ok - pgjdbc: " + name);
        } catch (Throwable e) {
            failures++;
            String msg = String.valueOf(e.getMessage()).split("\n")[0];
            System.out.println("not ok - pgjdbc: " + name + ": " + e.getClass().getSimpleName() + ": " + msg);
        }
    }

    static void require(boolean ok, Object what) {
        if (!ok) throw new AssertionError(String.valueOf(what));
    }

    static Connection connect(String extra) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", System.getenv("PGUSER"));
        p.setProperty("socketFactory", UnixSocketFactory.class.getName());
        p.setProperty("socketFactoryArg", System.getenv("PGHOST") + "/.s.PGSQL." + System.getenv("PGPORT"));
        for (String kv : extra.split("&")) {
            if (!kv.isEmpty()) p.setProperty(kv.split("=")[0], kv.split("=")[1]);
        }
        return DriverManager.getConnection("jdbc:postgresql://localhost/" + System.getenv("DRIVERS_DB"), p);
    }

    static UUID uuidOf(String type, String value) {
        if (!type.equals("distid")) return UUID.fromString(value);
        BigInteger v = new BigInteger(value);
        return new UUID(v.shiftRight(64).longValue(), v.longValue());
    }

    static byte[] bytesOf(UUID u) {
        return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits()).array();
    }

    // the same id with another last byte (inside an iUID's random part)
    static UUID variant(UUID u, int b) {
        return new UUID(u.getMostSignificantBits(), (u.getLeastSignificantBits() & ~0xFFL) | b);
    }

    static void run(Connection conn, Connection unspecified, Connection binary, String t, String dflt, String value) throws SQLException {
        String tbl = "jdbc_" + t, child = "jdbc_" + t + "_child";
        UUID valueUuid = uuidOf(t, value);
        try (Statement st = conn.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + child + ", " + tbl);
            st.execute("CREATE TABLE " + tbl + " (id " + t + " PRIMARY KEY DEFAULT " + dflt + ", note text)");
        }
        check(t + ": DEFAULT + RETURNING, read with getString", () -> {
            try (Statement st = conn.createStatement();
                 ResultSet rs = st.executeQuery("INSERT INTO " + tbl + " (note) VALUES ('default') RETURNING id")) {
                rs.next();
                String s = rs.getString(1);
                if (!t.equals("distid")) UUID.fromString(s); else new BigInteger(s);
            }
        });
        check(t + ": INSERT with setObject(UUID)", () -> {
            try (PreparedStatement ps = conn.prepareStatement("INSERT INTO " + tbl + " VALUES (?, 'uuid param')")) {
                ps.setObject(1, valueUuid);
                ps.executeUpdate();
            }
        });
        check(t + ": INSERT with setString (stringtype=unspecified)", () -> {
            String other = t.equals("distid") ? new BigInteger(value).add(BigInteger.ONE).toString()
                                              : variant(valueUuid, 2).toString();
            try (PreparedStatement ps = unspecified.prepareStatement("INSERT INTO " + tbl + " VALUES (?, 'text param')")) {
                ps.setString(1, other);
                ps.executeUpdate();
            }
        });
        check(t + ": = with setObject(UUID), read as the column's text", () -> {
            try (PreparedStatement ps = conn.prepareStatement("SELECT id, note FROM " + tbl + " WHERE id = ?")) {
                ps.setObject(1, valueUuid);
                try (ResultSet rs = ps.executeQuery()) {
                    require(rs.next() && rs.getString(2).equals("uuid param") && rs.getString(1).equals(value), "row");
                }
            }
        });
        check(t + ": = with setString (stringtype=unspecified)", () -> {
            try (PreparedStatement ps = unspecified.prepareStatement("SELECT note FROM " + tbl + " WHERE id = ?")) {
                ps.setString(1, value);
                try (ResultSet rs = ps.executeQuery()) { require(rs.next() && rs.getString(1).equals("uuid param"), "row"); }
            }
        });
        check(t + ": getObject(UUID.class) of id::uuid, text and binary transfer", () -> {
            for (Connection c : new Connection[] {conn, binary}) {
                try (PreparedStatement ps = c.prepareStatement("SELECT id::uuid FROM " + tbl + " WHERE note = ?")) {
                    ps.setString(1, "uuid param");
                    try (ResultSet rs = ps.executeQuery()) {
                        require(rs.next() && rs.getObject(1, UUID.class).equals(valueUuid), "uuid");
                    }
                }
            }
        });
        // The recipe (docs/drivers.md "Client recipes", Uidx.java): the column
        // itself, and its array, as UUID (distid: BigInteger).
        check(t + ": Uidx reads the column and its array as " + (t.equals("distid") ? "BigInteger" : "UUID"), () -> {
            try (PreparedStatement ps = conn.prepareStatement(
                     "SELECT id, array_agg(id) OVER () FROM " + tbl + " WHERE note = ?")) {
                ps.setString(1, "uuid param");
                try (ResultSet rs = ps.executeQuery()) {
                    require(rs.next(), "no row");
                    if (t.equals("distid")) {
                        require(Uidx.distid(rs, 1).equals(new BigInteger(value)), Uidx.distid(rs, 1));
                        require(rs.getArray(2).getArray() instanceof Object[], "array");
                    } else {
                        require(Uidx.uuid(rs, 1).equals(valueUuid), Uidx.uuid(rs, 1));
                        UUID[] all = Uidx.uuids(rs, 2);
                        require(all.length == 1 && all[0].equals(valueUuid), java.util.Arrays.toString(all));
                    }
                }
            }
        });
        check(t + ": NULL in with " + (t.equals("distid") ? "Uidx.setDistid(null)" : "setObject(null)") + ", null back through Uidx, in arrays too", () -> {
            try (Statement st = conn.createStatement()) {
                st.execute("ALTER TABLE " + tbl + " ADD COLUMN maybe " + t);
            }
            try (PreparedStatement ps = conn.prepareStatement("INSERT INTO " + tbl + " (note, maybe) VALUES ('null', ?)")) {
                if (t.equals("distid")) Uidx.setDistid(ps, 1, null); else ps.setObject(1, null, Types.OTHER);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = conn.prepareStatement("SELECT maybe, ARRAY[maybe, id] FROM " + tbl + " WHERE note = 'null'");
                 ResultSet rs = ps.executeQuery()) {
                require(rs.next(), "no row");
                if (t.equals("distid")) {
                    Object[] all = (Object[]) rs.getArray(2).getArray();
                    require(Uidx.distid(rs, 1) == null && all.length == 2 && all[0] == null && all[1] != null, java.util.Arrays.toString(all));
                } else {
                    UUID[] all = Uidx.uuids(rs, 2);
                    require(Uidx.uuid(rs, 1) == null && all.length == 2 && all[0] == null && all[1] != null, java.util.Arrays.toString(all));
                }
            }
        });
        if (t.equals("distid")) {
            check(t + ": = with Uidx.setDistid(BigInteger)", () -> {
                try (PreparedStatement ps = conn.prepareStatement("SELECT note FROM " + tbl + " WHERE id = ?")) {
                    Uidx.setDistid(ps, 1, new BigInteger(value));
                    try (ResultSet rs = ps.executeQuery()) { require(rs.next() && rs.getString(1).equals("uuid param"), "row"); }
                }
            });
        }
        // What pgjdbc cannot do (docs/drivers.md "pgjdbc"): it converts to UUID only
        // columns whose type is named uuid, so the column itself cannot.
        check(t + ": getObject(UUID.class) of the column itself is refused (documented)", () -> {
            try (PreparedStatement ps = conn.prepareStatement("SELECT id FROM " + tbl + " WHERE note = ?")) {
                ps.setString(1, "uuid param");
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    try {
                        Object o = rs.getObject(1, UUID.class);
                        throw new AssertionError("pgjdbc now converts " + t + " to UUID (" + o + "): update docs/drivers.md");
                    } catch (SQLException | ClassCastException e) {
                        // expected
                    }
                }
            }
        });
        check(t + ": = ANY with a uuid[] array of UUID", () -> {
            try (PreparedStatement ps = conn.prepareStatement("SELECT count(*) FROM " + tbl + " WHERE id = ANY (?)")) {
                ps.setArray(1, conn.createArrayOf("uuid", new Object[] {valueUuid, new UUID(0, 1)}));
                try (ResultSet rs = ps.executeQuery()) { require(rs.next() && rs.getInt(1) == 1, "count"); }
            }
        });
        check(t + ": IN with setObject(UUID) parameters", () -> {
            try (PreparedStatement ps = conn.prepareStatement("SELECT count(*) FROM " + tbl + " WHERE id IN (?, ?)")) {
                ps.setObject(1, valueUuid);
                ps.setObject(2, new UUID(0, 1));
                try (ResultSet rs = ps.executeQuery()) { require(rs.next() && rs.getInt(1) == 1, "count"); }
            }
        });
        CopyManager copy = conn.unwrap(PGConnection.class).getCopyAPI();
        check(t + ": COPY FROM in text", () -> {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 3; i++) {
                sb.append(t.equals("distid") ? new BigInteger(value).add(BigInteger.valueOf(0x50 + i)).toString()
                                             : variant(valueUuid, 0x50 + i).toString()).append("\tcopy text\n");
            }
            long n = copy.copyIn("COPY " + tbl + " (id, note) FROM STDIN", new StringReader(sb.toString()));
            require(n == 3, n);
        });
        check(t + ": COPY FROM in binary", () -> {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.write("PGCOPY\n\377\r\n\0".getBytes(StandardCharsets.ISO_8859_1));
            b.write(new byte[8]);
            byte[] note = "copy binary".getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 3; i++) {
                UUID id = t.equals("distid") ? uuidOf(t, new BigInteger(value).add(BigInteger.valueOf(0x60 + i)).toString())
                                             : variant(valueUuid, 0x60 + i);
                b.write(ByteBuffer.allocate(6).putShort((short) 2).putInt(16).array());
                b.write(bytesOf(id));
                b.write(ByteBuffer.allocate(4).putInt(note.length).array());
                b.write(note);
            }
            b.write(new byte[] {(byte) 0xFF, (byte) 0xFF});
            long n = copy.copyIn("COPY " + tbl + " (id, note) FROM STDIN (FORMAT BINARY)", new ByteArrayInputStream(b.toByteArray()));
            require(n == 3, n);
        });
        check(t + ": foreign key from a uuid column", () -> {
            try (Statement st = conn.createStatement()) {
                st.execute("CREATE TABLE " + child + " (parent uuid REFERENCES " + tbl + " (id))");
            }
            try (PreparedStatement ps = conn.prepareStatement("INSERT INTO " + child + " VALUES (?)")) {
                ps.setObject(1, valueUuid);
                ps.executeUpdate();
                ps.setObject(1, new UUID(0, 0xFFFE));
                try {
                    ps.executeUpdate();
                    throw new AssertionError("a missing parent was let in");
                } catch (SQLException e) {
                    require("23503".equals(e.getSQLState()), e.getSQLState());
                }
            }
        });
    }

    public static void main(String[] args) throws Exception {
        Connection conn = connect("");
        Connection unspecified = connect("stringtype=unspecified");
        Connection binary = connect("prepareThreshold=-1");
        String[][] types = {
            {"iuid", "iuid_generate(7, 42)", "018cc251-f400-802a-8740-000000000001"},
            {"comb", "comb_suffix_generate()", "7c091a30-aa83-4920-9288-018cc251f400"},
            {"distid", "distid_generate()", "1088824355131185736905670087"},
        };
        for (String[] t : types) {
            try {
                run(conn, unspecified, binary, t[0], t[1], t[2]);
            } catch (SQLException e) {
                failures++;
                System.out.println("not ok - pgjdbc: " + t[0] + ": setup: " + e.getMessage());
            }
        }
        conn.close();
        unspecified.close();
        binary.close();
        System.out.println("pgjdbc " + org.postgresql.Driver.getVersion() + ": " + failures + " failed");
        System.exit(failures == 0 ? 0 : 1);
    }
}
