// Banners the operator uploads for affiliates (docs/decisions/0107-affiliates.md): recognised by their bytes (only
// PNG, JPEG, GIF and WebP images), measured, kept in the database and served publicly for affiliates' sites.
import { desc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { invalid, Problem } from '../../problem.ts';
import type { AffiliatesCore } from './core.ts';
import { affiliateCreatives } from './schema.ts';

export const MAX_CREATIVE_BYTES = 1024 * 1024;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

type CreativeRow = typeof affiliateCreatives.$inferSelect;
const toCreative = (row: Omit<CreativeRow, 'image'>) => ({
  id: String(row.id),
  name: row.name,
  width: row.width,
  height: row.height,
  mime: row.mime,
  image_url: `/api/affiliates/creatives/${row.id}/image`,
  landing_path: row.landingPath,
  created_at: row.createdAt.toISOString(),
});

export function createCreatives({ db, audit }: AffiliatesCore) {
  const columns = {
    id: affiliateCreatives.id,
    name: affiliateCreatives.name,
    mime: affiliateCreatives.mime,
    width: affiliateCreatives.width,
    height: affiliateCreatives.height,
    landingPath: affiliateCreatives.landingPath,
    createdAt: affiliateCreatives.createdAt,
  };
  return {
    async list() {
      return (await db.select(columns).from(affiliateCreatives).orderBy(desc(affiliateCreatives.id))).map(toCreative);
    },

    async upload(staffId: number, input: { name: string; landingPath: string; bytes: Buffer }) {
      if (input.bytes.length > MAX_CREATIVE_BYTES) throw new Problem(413, 'The image may not be larger than 1 MB.');
      const type = await fileTypeFromBuffer(input.bytes);
      if (!type || !IMAGE_TYPES.has(type.mime)) throw invalid({ file: ['The file must be a PNG, JPEG, GIF or WebP image.'] });
      const meta = await sharp(input.bytes)
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) throw invalid({ file: ['The image could not be read.'] });
      const made = await audit.audited(
        async (tx) =>
          (
            await tx
              .insert(affiliateCreatives)
              .values({ name: input.name, landingPath: input.landingPath, mime: type.mime, width: meta.width, height: meta.height, image: input.bytes })
              .returning(columns)
          )[0] ?? null,
        (row) => ({ staffId, action: 'affiliate.creative_upload', subject: `affiliate_creative:${row.id}`, after: { name: row.name, mime: row.mime } }),
      );
      return toCreative(made!);
    },

    async remove(staffId: number, id: number, reason: string): Promise<void> {
      const gone = await audit.audited(
        async (tx) =>
          (
            await tx.delete(affiliateCreatives).where(eq(affiliateCreatives.id, id)).returning({ id: affiliateCreatives.id, name: affiliateCreatives.name })
          )[0] ?? null,
        (row) => ({ staffId, action: 'affiliate.creative_delete', subject: `affiliate_creative:${row.id}`, after: { name: row.name, reason } }),
      );
      if (!gone) throw new Problem(404, 'No creative with that id.');
    },

    async image(id: number): Promise<{ mime: string; bytes: Buffer }> {
      const [row] = await db
        .select({ mime: affiliateCreatives.mime, image: affiliateCreatives.image })
        .from(affiliateCreatives)
        .where(eq(affiliateCreatives.id, id));
      if (!row) throw new Problem(404, 'No creative with that id.');
      return { mime: row.mime, bytes: Buffer.from(row.image) };
    },
  };
}
