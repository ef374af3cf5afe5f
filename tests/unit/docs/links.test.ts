/**
 * The documentation holds together: every relative link in README.md and docs/*.md (images included)
 * names a file inside the repository, and a `#fragment` names a heading of its page; the README stays
 * a front page (at most 150 lines); and no page carries a dated run or a commit hash in its prose (the
 * figures that change with each run are written by `npm run docs:performance`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** The page without its fenced code blocks (examples, diagrams). */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
}

/** The page without its code, fenced or inline: what a reader sees as prose and links. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** Every `[text](target)` and `![alt](target)` outside code. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2… */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('the documentation', () => {
  it.each(PAGES)('%s: every relative link resolves inside the repository', (page) => {
    const markdown = readFileSync(join(ROOT, page), 'utf8');
    const broken: string[] = [];
    for (const target of linkTargets(markdown)) {
      if (isExternal(target)) continue;
      const [path, fragment] = target.split('#', 2) as [string, string | undefined];
      const file = path === '' ? join(ROOT, page) : resolve(ROOT, dirname(page), decodeURIComponent(path));
      if (!file.startsWith(ROOT + sep) || !existsSync(file)) {
        broken.push(`${target}: no such file in the repository (${relative(ROOT, file)})`);
        continue;
      }
      if (fragment && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(fragment)) {
        broken.push(`${target}: no heading "#${fragment}" in ${relative(ROOT, file)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('README.md is a front page: at most 150 lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(150);
  });

  it.each(PAGES)('%s: no dated run and no commit hash outside its examples', (page) => {
    const text = withoutFences(readFileSync(join(ROOT, page), 'utf8'));
    expect(text.match(/\b20\d\d-\d\d-\d\d\b/g) ?? []).toEqual([]);
    // A commit hash: 7 to 40 hex digits with a letter and a digit among them, as a word of its own.
    const hashes = (text.match(/\b[0-9a-f]{7,40}\b/g) ?? []).filter((word) => /[a-f]/.test(word) && /\d/.test(word));
    expect(hashes).toEqual([]);
  });
});
