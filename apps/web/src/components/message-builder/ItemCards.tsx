import { Card } from 'antd';
import type { ReactNode } from 'react';
import { ItemToolbar } from './fields.tsx';
import { insertAfter, itemKey, moveItem, removeItem, replaceItem } from './list-edit.ts';

/**
 * A list of builder items (cards, buttons, images) as cards with move / duplicate / remove tools;
 * `children` draws one item's editor and gets the function that replaces it.
 */
export function ItemCards<T extends { id: number | null; form_random_id?: string }>({
  items,
  onChange,
  name,
  direction,
  testId,
  canAdd,
  minCount,
  duplicate,
  children,
}: {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** The item's name ("カード2"), shown as the card's title and in the tools' accessible names. */
  name: (index: number) => string;
  direction: 'vertical' | 'horizontal';
  /** Each card's test id is `${testId}-${index}`. */
  testId: string;
  canAdd?: boolean;
  minCount?: number;
  /** Offered as a tool when given: the copy put after the item. */
  duplicate?: (item: T) => T;
  children: (item: T, index: number, replace: (next: T) => void) => ReactNode;
}) {
  return items.map((item, index) => {
    const label = name(index);
    return (
      <Card
        key={itemKey(item, index)}
        size="small"
        title={label}
        extra={
          <ItemToolbar
            name={label}
            index={index}
            count={items.length}
            direction={direction}
            canAdd={canAdd}
            minCount={minCount}
            onMove={(offset) => onChange(moveItem(items, index, offset))}
            onDuplicate={duplicate && (() => onChange(insertAfter(items, index, duplicate(item))))}
            onRemove={() => onChange(removeItem(items, index))}
          />
        }
        data-testid={`${testId}-${index}`}
      >
        {children(item, index, (next) => onChange(replaceItem(items, index, next)))}
      </Card>
    );
  });
}
