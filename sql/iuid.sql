SELECT iuid_from_parts('2024-01-01T00:00:00.000Z', 1, 1, 0);
