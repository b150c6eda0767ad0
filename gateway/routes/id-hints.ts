// The words of a detail 404. The contract keeps the status (200 or 404, nothing guessed), but the message can say
// what ids look like when the id sent lacks its prefix (`/registrations/10420`), and which id would name a record.
import { clipInput } from '../../api/errors.ts';
import type { DetailRoute } from '../../api/routes/types.ts';
import { answeringFile } from '../../export/answering-file.ts';
import type { OpenedExport } from '../../export/serve/open-export.ts';

/** The message of the 404 for `id` at a detail route of `opened`. */
export function notFoundMessage(opened: OpenedExport, route: DetailRoute, id: string | undefined): string {
  const message = `No record with id${route.slugs ? ' or slug' : ''} "${clipInput(id ?? '')}" at ${route.path}`;
  const shape = route.idShape;
  if (!shape || id === undefined || id.startsWith(shape.prefix)) return message;
  // the prefix left out (10420), or typed in lower case (sm10420)
  const guess = id.toUpperCase().startsWith(shape.prefix) ? id.toUpperCase() : `${shape.prefix}${id}`;
  const hint = `${message}; ${route.resource.replace(/s$/, '')} ids look like ${shape.example}`;
  const rel = answeringFile(route, '', guess);
  return rel !== null && opened.files.has(rel) ? `${hint}: did you mean ${guess}?` : hint;
}
