/**
 * An article body as blocks (AdviceArticle.body is markdown-light: paragraphs split by blank
 * lines, "## " headings, "- " list items). The page renders the blocks as React elements, so no
 * text from the API ever becomes HTML; headings get ids for the table of contents.
 */
export type Block = { type: 'heading'; id: string; text: string } | { type: 'paragraph'; text: string } | { type: 'list'; items: string[] };

const FOLD: Record<string, string> = { ł: 'l', Ł: 'l' };

/** "Podłączenie dolne V50" → "podlaczenie-dolne-v50": Polish letters folded, once per page. */
export function headingId(text: string, taken: Set<string>): string {
  const base =
    text
      .replace(/[łŁ]/g, (letter) => FOLD[letter])
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'sekcja';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

export function parseBody(body: string): Block[] {
  const blocks: Block[] = [];
  const taken = new Set<string>();
  let open = null as Block | null;
  const close = () => {
    if (open) blocks.push(open);
    open = null;
  };
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      close();
    } else if (line.startsWith('## ')) {
      close();
      const text = line.slice(3).trim();
      blocks.push({ type: 'heading', id: headingId(text, taken), text });
    } else if (line.startsWith('- ')) {
      if (open?.type !== 'list') {
        close();
        open = { type: 'list', items: [] };
      }
      open.items.push(line.slice(2).trim());
    } else if (open?.type === 'paragraph') {
      open.text = `${open.text} ${line}`;
    } else {
      close();
      open = { type: 'paragraph', text: line };
    }
  }
  close();
  return blocks;
}
