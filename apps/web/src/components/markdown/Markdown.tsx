import { Typography } from 'antd';
import { Fragment, useMemo, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from './markdown.ts';

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'link':
        return (
          <Typography.Link key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {renderInline(node.children)}
          </Typography.Link>
        );
    }
  });
}

/** Markdown an admin wrote, as elements (see markdown.ts: no HTML ever reaches the page). */
export function Markdown({ source, testId }: { source: string; testId?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Typography data-testid={testId}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Typography.Title key={index} level={block.level}>
                {renderInline(block.children)}
              </Typography.Title>
            );
          case 'paragraph':
            return <Typography.Paragraph key={index}>{renderInline(block.children)}</Typography.Paragraph>;
          case 'rule':
            return <hr key={index} />;
          case 'list': {
            const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{renderInline(item)}</li>);
            return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
        }
      })}
    </Typography>
  );
}
