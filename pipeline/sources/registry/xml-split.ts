// Splits streamed registry XML into its top-level records (ROW, or SM where a file has no ROW) by their tags in the
// text, before any XML parsing, so a record broken inside (a mismatched or cut tag, a stray `&`) cannot take the
// records after it down: the next record begins at the next record start tag, whatever the parser made of this one.
// Records never nest, and `<` is escaped in the registry's text, so a record tag in the text is a record boundary
// (comments and CDATA sections are stepped over). Text between records is checked: anything but markup and white
// space there is most likely a record whose start tag was damaged, and is reported rather than lost unseen.

export interface SplitHandlers {
  /** A record begins; its text follows in pieces (start tag included). */
  start(): void;
  text(piece: string): void;
  /** The record ends: `closed` when its end tag was seen; `why` when it was cut by the next record's start. */
  end(closed: boolean, why: string | null): void;
  /** Non-markup text or element tags outside any record, once per stretch between records. */
  stray(excerpt: string): void;
}

export interface SplitSummary {
  records: number;
  /** The file ended inside a record, or before the element around the records closed (cut off). */
  cutOff: boolean;
}

export interface RecordSplitter {
  write(text: string): void;
  end(): SplitSummary;
  /**
   * Count a record with this (lower-case) tag name as if it had been written and split here, without its text; only
   * when the text so far has been split whole outside any record and the name is the file's record tag (or the first).
   */
  skip(name: string): boolean;
}

const MARK = /<(\/?)(row|sm)(?=[\s/>])|<!--|<!\[CDATA\[/gi;
// How much text may wait for the end of a tag, comment or CDATA split across chunks before it counts as text.
const MAX_HOLD = 1 << 20;
const EXCERPT = 300;

/** A streaming splitter; feed decoded text in order, then end(). */
export function createRecordSplitter(h: SplitHandlers): RecordSplitter {
  let buf = '';
  let tag: string | null = null; // 'row' or 'sm', fixed by the first record tag of the file
  let inRecord = false;
  let records = 0;
  // Outside records: the elements opened around them, and the stray text met since the last record.
  const envelope: string[] = [];
  let outsideTag: string | null = null;
  let stray = '';

  const flushStray = () => {
    if (stray.trim() !== '') h.stray(stray.slice(0, EXCERPT));
    stray = '';
  };

  const outsideTagDone = (t: string) => {
    if (/^[?!]/.test(t)) return; // declaration, doctype
    const close = t.startsWith('/');
    const name = t.replace(/^\//, '').split(/[\s/]/)[0] ?? '';
    if (close && envelope.at(-1) === name) envelope.pop();
    else if (!close && records === 0 && !t.endsWith('/')) envelope.push(name);
    else stray += `<${t}>`;
  };

  const outside = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (outsideTag !== null) {
        if (c === '>') {
          outsideTagDone(outsideTag);
          outsideTag = null;
        } else if (outsideTag.length < EXCERPT) outsideTag += c;
      } else if (c === '<') outsideTag = '';
      else if (stray.length < EXCERPT && (stray !== '' || c.trim() !== '')) stray += c;
    }
  };

  const emit = (text: string) => {
    if (text === '') return;
    if (inRecord) h.text(text);
    else outside(text);
  };

  const pump = (final: boolean) => {
    let i = 0;
    for (;;) {
      MARK.lastIndex = i;
      const m = MARK.exec(buf);
      if (!m) {
        // Keep back a tail that may be the beginning of a mark split across chunks.
        const lt = final ? -1 : buf.lastIndexOf('<');
        const cut = lt >= i && buf.length - lt < 16 ? lt : buf.length;
        emit(buf.slice(i, cut));
        i = cut;
        break;
      }
      const at = m.index;
      if (m[2] === undefined) {
        // A comment or CDATA section: passed through whole (inside a record the parser reads it).
        const closer = m[0] === '<!--' ? '-->' : ']]>';
        const e = buf.indexOf(closer, at + m[0].length);
        if (e < 0 && !final && buf.length - at < MAX_HOLD) break;
        const stop = e < 0 ? buf.length : e + closer.length;
        emit(buf.slice(i, at));
        if (inRecord) h.text(buf.slice(at, stop));
        i = stop;
        continue;
      }
      const name = m[2].toLowerCase();
      tag ??= m[1] === '' ? name : null;
      if (name !== tag) {
        emit(buf.slice(i, at + m[0].length)); // SM inside a ROW record: ordinary content
        i = at + m[0].length;
        continue;
      }
      const gt = buf.indexOf('>', at);
      if (gt < 0 && !final && buf.length - at < MAX_HOLD) {
        emit(buf.slice(i, at));
        i = at;
        break;
      }
      const stop = gt < 0 ? buf.length : gt + 1;
      emit(buf.slice(i, at));
      const tagText = buf.slice(at, stop);
      if (m[1] === '') {
        if (inRecord) h.end(false, 'record not closed before the next record began');
        else flushStray();
        inRecord = true;
        records++;
        h.start();
        h.text(tagText);
        if (tagText.endsWith('/>')) {
          inRecord = false;
          h.end(true, null);
        }
      } else if (inRecord) {
        h.text(tagText);
        inRecord = false;
        h.end(true, null);
      } else stray += tagText.slice(0, EXCERPT); // an end tag without its record
      i = stop;
    }
    buf = buf.slice(i);
  };

  return {
    write(text) {
      buf += text;
      pump(false);
    },
    skip(name) {
      if (buf !== '' || inRecord || outsideTag !== null || (tag ?? name) !== name) return false;
      // what a record's start does outside: stray text before it reported, the record tag fixed, the record counted
      tag = name;
      flushStray();
      records++;
      return true;
    },
    end() {
      pump(true);
      const cutOff = inRecord || (records > 0 && envelope.length > 0);
      if (inRecord) {
        inRecord = false;
        h.end(false, null);
      }
      if (outsideTag !== null) stray += `<${outsideTag}`;
      flushStray();
      return { records, cutOff };
    },
  };
}
