-- What the expressions of test/t/generators.list need; safe to run twice.
INSERT INTO iuid_service_entity VALUES (1, 'Conc') ON CONFLICT DO NOTHING;
CREATE SEQUENCE IF NOT EXISTS gen_seq;
SELECT luuid_register_group('Order') WHERE NOT EXISTS (SELECT FROM luuid_group WHERE group_name = 'Order');
