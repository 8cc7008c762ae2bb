import { forwardRef, type ButtonHTMLAttributes } from 'react';

/**
 * The shop's one button. Its looks live with the design tokens in the shell's stylesheet
 * (shell/src/styles/shell.css: `.button*`), which every page carries, so a remote styles no
 * button of its own and the most important control of a page cannot end up unstyled.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'icon';

const CLASS_OF: Record<ButtonVariant, string> = {
  primary: 'button',
  secondary: 'button-secondary',
  link: 'button-link',
  icon: 'button-icon',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Full width on a phone (the buy button, a drawer's "show results"). */
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', block = false, className, type = 'button', ...rest },
  ref,
) {
  const classes = [CLASS_OF[variant], block ? 'button-block' : '', className ?? ''].filter(Boolean).join(' ');
  return <button ref={ref} type={type} className={classes} {...rest} />;
});
