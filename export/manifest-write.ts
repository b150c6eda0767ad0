// Writing an export's manifest (`_manifest.json`) and its binary file index (`_file-index.bin`): the index holds the
// file list as the gateway loads it, with one read; the manifest names the index (size and SHA-256) in its head and
// puts the file list last, so a reader of the head (export/manifest-read.ts) stops before the list.
import { fileIndexBytes } from './file-index-file.ts';
import { fileIndexOf } from './file-index.ts';
import type { ExportManifest } from './layout.ts';

/** The bytes of the file index (exportLayout.fileIndex) of a manifest's file list. */
export function fileIndexFileOf(files: ExportManifest['files']): Uint8Array {
  return fileIndexBytes(fileIndexOf(files));
}

/** The manifest: its head in the order given, then the file index it names, then the file list last. */
export function toManifest(head: Omit<ExportManifest, 'file_index' | 'files'>, fileIndex: ExportManifest['file_index'],
  files: ExportManifest['files']): ExportManifest {
  return { ...head, file_index: fileIndex, files };
}
