/** Word-wraps `text` into lines of at most `width` characters; lines after the first get `indent` spaces in front. */
export function wrap(text: string, width: number, indent = 0): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** Two columns: names padded to the widest (up to a limit), descriptions wrapped beside them. */
export function table(rows: readonly (readonly [string, string])[], width: number): string[] {
  const nameWidth = Math.min(28, Math.max(...rows.map(([name]) => name.length)));
  return rows.map(([name, description]) => {
    const indent = 2 + nameWidth + 2;
    if (name.length > nameWidth) return `  ${name}\n${' '.repeat(indent)}${wrap(description, width - indent, indent)}`;
    return `  ${name.padEnd(nameWidth)}  ${wrap(description, width - indent, indent)}`;
  });
}
