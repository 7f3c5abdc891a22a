import { RESTRICTED_COUNTRIES, RESTRICTED_US_STATES } from '@rampart/contracts';
import type { Db } from './types';

/** Reference data: written on every start with upserts, so a changed catalogue reaches existing databases. */
export async function seedReferenceData(db: Db): Promise<void> {
  const rows: Array<[string, string]> = [
    ...RESTRICTED_COUNTRIES.map((c): [string, string] => [c, '']),
    ...RESTRICTED_US_STATES.map((s): [string, string] => ['US', s]),
  ];
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO restricted_jurisdictions (country_code, region_code)
       SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT DO NOTHING`,
      [rows.map((r) => r[0]), rows.map((r) => r[1])],
    );
    await tx.query(
      `DELETE FROM restricted_jurisdictions
       WHERE (country_code, region_code) NOT IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
      [rows.map((r) => r[0]), rows.map((r) => r[1])],
    );
    await tx.query('INSERT INTO app_instance (id) VALUES (true) ON CONFLICT (id) DO NOTHING');
  });
}
