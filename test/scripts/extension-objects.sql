-- One line per member object of the uidx extension, with everything that
-- defines it, so that two databases can be compared with diff: functions by
-- pg_get_functiondef, aggregates, types, operators, operator classes and
-- families with all their operators and support functions, casts, tables
-- with their columns, constraints and indexes, event triggers, sequences;
-- every comment and privilege.  OIDs are never printed, only names.
WITH ext AS (SELECT oid FROM pg_extension WHERE extname = 'uidx'),
members AS (
    SELECT classid, objid, objsubid FROM pg_depend
     WHERE refclassid = 'pg_extension'::regclass AND refobjid = (SELECT oid FROM ext)
       AND deptype = 'e'
),
described AS (
    SELECT pg_describe_object(m.classid, m.objid, m.objsubid) AS object,
           CASE m.classid
           WHEN 'pg_proc'::regclass THEN (
               SELECT CASE WHEN p.prokind = 'a' THEN
                   (SELECT format('aggregate transfn=%s finalfn=%s combinefn=%s serialfn=%s deserialfn=%s sortop=%s transtype=%s initval=%s',
                                  a.aggtransfn, a.aggfinalfn, a.aggcombinefn, a.aggserialfn, a.aggdeserialfn,
                                  a.aggsortop::regoperator, a.aggtranstype::regtype, a.agginitval)
                      FROM pg_aggregate a WHERE a.aggfnoid = p.oid)
                   || format(' parallel=%s', p.proparallel)
               ELSE pg_get_functiondef(p.oid) END || format(' leakproof=%s acl=%s', p.proleakproof, p.proacl)
                 FROM pg_proc p WHERE p.oid = m.objid)
           WHEN 'pg_type'::regclass THEN (
               SELECT format('type=%s len=%s byval=%s category=%s preferred=%s in=%s out=%s recv=%s send=%s typmodin=%s typmodout=%s analyze=%s align=%s storage=%s elem=%s acl=%s',
                             t.typtype, t.typlen, t.typbyval, t.typcategory, t.typispreferred,
                             t.typinput, t.typoutput, t.typreceive, t.typsend, t.typmodin, t.typmodout,
                             t.typanalyze, t.typalign, t.typstorage, t.typelem::regtype, t.typacl)
                 FROM pg_type t WHERE t.oid = m.objid)
           WHEN 'pg_operator'::regclass THEN (
               SELECT format('%s(%s,%s)->%s com=%s neg=%s code=%s rest=%s join=%s merge=%s hash=%s',
                             o.oprname, o.oprleft::regtype, o.oprright::regtype, o.oprresult::regtype,
                             o.oprcom::regoperator, o.oprnegate::regoperator, o.oprcode, o.oprrest,
                             o.oprjoin, o.oprcanmerge, o.oprcanhash)
                 FROM pg_operator o WHERE o.oid = m.objid)
           WHEN 'pg_opclass'::regclass THEN (
               SELECT format('am=%s type=%s default=%s keytype=%s family=%s',
                             (SELECT amname FROM pg_am WHERE oid = c.opcmethod), c.opcintype::regtype,
                             c.opcdefault, c.opckeytype::regtype,
                             (SELECT opfname FROM pg_opfamily WHERE oid = c.opcfamily))
                 FROM pg_opclass c WHERE c.oid = m.objid)
           WHEN 'pg_opfamily'::regclass THEN (
               SELECT string_agg(x, '; ' ORDER BY x) FROM (
                   SELECT format('op %s %s(%s,%s) purpose=%s sortfamily=%s', a.amopstrategy,
                                 a.amopopr::regoperator, a.amoplefttype::regtype, a.amoprighttype::regtype,
                                 a.amoppurpose, a.amopsortfamily) AS x
                     FROM pg_amop a WHERE a.amopfamily = m.objid
                   UNION ALL
                   SELECT format('proc %s %s(%s,%s)', p.amprocnum, p.amproc::regprocedure,
                                 p.amproclefttype::regtype, p.amprocrighttype::regtype)
                     FROM pg_amproc p WHERE p.amprocfamily = m.objid) f)
           WHEN 'pg_cast'::regclass THEN (
               SELECT format('func=%s context=%s method=%s', c.castfunc::regprocedure, c.castcontext, c.castmethod)
                 FROM pg_cast c WHERE c.oid = m.objid)
           WHEN 'pg_class'::regclass THEN (
               SELECT format('kind=%s persistence=%s acl=%s columns=%s constraints=%s indexes=%s',
                             c.relkind, c.relpersistence, c.relacl,
                             (SELECT string_agg(format('%s %s notnull=%s default=%s', a.attname,
                                                       format_type(a.atttypid, a.atttypmod), a.attnotnull,
                                                       pg_get_expr(d.adbin, d.adrelid)), ', ' ORDER BY a.attnum)
                                FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                               WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),
                             (SELECT string_agg(pg_get_constraintdef(k.oid), ', ' ORDER BY k.conname)
                                FROM pg_constraint k WHERE k.conrelid = c.oid),
                             (SELECT string_agg(pg_get_indexdef(i.indexrelid), ', ' ORDER BY 1)
                                FROM pg_index i WHERE i.indrelid = c.oid))
                 FROM pg_class c WHERE c.oid = m.objid)
           WHEN 'pg_event_trigger'::regclass THEN (
               SELECT format('event=%s function=%s enabled=%s tags=%s', e.evtevent, e.evtfoid::regprocedure,
                             e.evtenabled, e.evttags)
                 FROM pg_event_trigger e WHERE e.oid = m.objid)
           ELSE '' END AS definition,
           obj_description(m.objid, m.classid::regclass::name) AS comment
      FROM members m
)
SELECT object || E'\n    ' || coalesce(definition, '?') ||
       coalesce(E'\n    comment: ' || comment, '')
  FROM described
UNION ALL
SELECT 'extension configuration: ' || coalesce(
           (SELECT string_agg(format('%s where %s', c::regclass, w), ', ' ORDER BY c::regclass::text)
              FROM pg_extension e, unnest(e.extconfig, e.extcondition) AS u(c, w)
             WHERE e.extname = 'uidx'), 'none')
UNION ALL
SELECT 'extension: ' || format('%s schema=%s relocatable=%s', extname, extnamespace::regnamespace, extrelocatable)
  FROM pg_extension WHERE extname = 'uidx'
ORDER BY 1;
