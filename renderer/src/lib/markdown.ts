// Renders a skill's instructions as Markdown that can never run code: raw HTML stays text, images become links.
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = String(self.renderInlineAsText(token.children ?? [], options, env));
  return `<a href="${md.utils.escapeHtml(src)}" class="md-image">[image: ${md.utils.escapeHtml(alt || src)}]</a>`;
};

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

for (const rule of ["fence", "code_block"] as const) {
  const render = md.renderer.rules[rule]!;
  /** Code blocks scroll sideways, so they take keyboard focus. */
  md.renderer.rules[rule] = (tokens, idx, options, env, self) =>
    render(tokens, idx, options, env, self).replace(/^<pre>/, '<pre tabindex="0">');
}

/** HTML for the instructions; safe to insert because markdown-it escapes every raw HTML block and inline tag. */
export function renderInstructions(markdown: string): string {
  return md.render(markdown);
}
