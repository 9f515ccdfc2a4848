import { Button, type ButtonProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** How a screen performs one action: its label and look, and what a click does. */
export interface ActionButton extends Omit<ButtonProps, "onClick" | "children"> {
  label: string;
  onClick: () => void;
}

/**
 * One button per action the server serves for an object (`nextActions`), in the server's order.
 * The screen says how to perform an action, never when it is allowed: that is the server's
 * transitions table; an action given several buttons draws them all. Nothing when no action is
 * served, so a card draws no empty footer.
 */
export function servedActions<Action extends string>(served: readonly Action[], buttons: Partial<Record<Action, ActionButton | ActionButton[]>>): ReactNode {
  // An action may have more than one way to perform it (approve alone, or with what waits on it).
  const drawn = served.flatMap((action) => [buttons[action] ?? []].flat().map((button, index) => ({ key: `${action}-${index}`, ...button })));
  if (drawn.length === 0) return undefined;
  return (
    <>
      {drawn.map(({ key, label, onClick, ...props }) => (
        <Button key={key} size="sm" {...props} onClick={onClick}>
          {label}
        </Button>
      ))}
    </>
  );
}
