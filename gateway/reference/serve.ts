// The reference page's files at /docs/ (gateway/reference/): the bundled page and its assets, and the OpenAPI
// document made from the live export, answered for GET and HEAD like every other route.
import { ApiError, clipInput } from '../../api/errors.ts';
import type { Reply } from '../http/reply.ts';
import { methodReply } from '../routes/routing.ts';
import type { ExportHolder } from '../../export/serve/export-holder.ts';
import { referenceAsset } from './assets.ts';
import { referenceSpec } from './spec.ts';

/** A file of the reference page, or its OpenAPI document made from the live export. */
export async function serveReference(holder: ExportHolder, basePath: string, file: string, method: string): Promise<Reply> {
  const notRead = methodReply(method);
  if (notRead) return notRead;
  if (file === 'openapi.json') {
    const live = holder.current();
    if (!live) throw new ApiError(503, 'service_unavailable', 'No data export has been published yet; try again later');
    return referenceSpec(live, basePath);
  }
  const asset = referenceAsset(file);
  if (!asset) throw new ApiError(404, 'not_found', `The reference page has no file "${clipInput(file)}"`);
  return asset;
}
