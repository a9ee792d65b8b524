import type { BackScreen, TerminalScreen } from '../../../src/renderer/src/terminal/screen';
import type { TerminalTheme } from '../../../src/renderer/src/terminal/theme';

/** The hidden screen behind a stand-in: records its writes; `show` waits until the test lets it. */
export class StandInBack implements BackScreen {
  written: string[] = [];
  disposed = false;
  shown = false;
  private letShow: () => void = () => undefined;
  constructor(private readonly onShown: (back: StandInBack) => void) {}
  write(data: string): void {
    this.written.push(data);
  }
  show(): Promise<void> {
    return new Promise((resolve) => {
      this.letShow = () => {
        this.shown = true;
        this.onShown(this);
        resolve();
      };
    });
  }
  parsed(): void {
    this.letShow();
  }
  dispose(): void {
    this.disposed = true;
  }
}

/** jsdom has no canvas, so xterm cannot draw here: a stand-in screen records what it was given. */
export class StandInScreen implements TerminalScreen {
  cols = 80;
  rows = 24;
  written: string[] = [];
  disposed = false;
  private listener: ((data: string) => void) | null = null;
  write(data: string): void {
    this.written.push(data);
  }
  onInput(listener: (data: string) => void): () => void {
    this.listener = listener;
    return () => (this.listener = null);
  }
  type(data: string): void {
    this.listener?.(data);
  }
  themes: TerminalTheme[] = [];
  fit(): void {}
  focus(): void {}
  setTheme(theme: TerminalTheme): void {
    this.themes.push(theme);
  }
  finds: Array<[string, 'next' | 'previous']> = [];
  find(query: string, direction: 'next' | 'previous'): boolean {
    this.finds.push([query, direction]);
    return query !== 'absent';
  }
  clearFind(): void {}
  backs: StandInBack[] = [];
  /** Once a back is shown, what is written goes to it: `written` is then what the screen on view got after the swap. */
  behind(): BackScreen {
    const back = new StandInBack(() => (this.written = []));
    this.backs.push(back);
    return back;
  }
  dispose(): void {
    this.disposed = true;
  }
}

