// The web page's entry (docs/WEB.md). Views are tabs addressed by the URL hash (#play, #deal,
// #verify, #audit); the lobby (#play, and a room's #room=CODE link) is the first, and the page
// opens on it; a view is registered in VIEWS with the function that sets it up the first time it is
// shown; the table view (#table/<id>/<seat>[/<token>]) is one such entry, loaded as a chunk. The audit view and its worker
// are loaded only when the audit tab is first opened: the first load stays small.
import { setupDealView } from './deal-view.ts';
import { byId, el, showError } from './dom.ts';
import { initialLanguage, lang, onLanguageChange, setLanguage } from './i18n.ts';
import { setupVerifyView } from './verify-view.ts';

interface View {
  readonly id: string;
  /** Runs once, the first time the view is shown. */
  readonly setup?: () => void | Promise<void>;
}

let openInVerify: (text: string) => void = () => {};

const VIEWS: readonly View[] = [
  {
    id: 'play',
    setup: async () => {
      const { setupLobbyView } = await import('./lobby-view.ts');
      setupLobbyView();
    },
  },
  { id: 'deal' },
  { id: 'verify' },
  {
    id: 'audit',
    setup: async () => {
      const { setupAuditView } = await import('./audit-view.ts');
      setupAuditView();
    },
  },
  {
    id: 'table',
    setup: async () => {
      const { setupTableView } = await import('./table-view.ts');
      setupTableView();
    },
  },
];

const started = new Set<string>();

function show(id: string, focus: boolean): void {
  const view = VIEWS.find((v) => v.id === id) ?? VIEWS[0]!;
  for (const v of VIEWS) {
    const tab = byId(`tab-${v.id}`);
    const selected = v.id === view.id;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    byId(`view-${v.id}`).hidden = !selected;
  }
  if (focus) byId(`tab-${view.id}`).focus();
  if (!started.has(view.id)) {
    started.add(view.id);
    void Promise.resolve(view.setup?.()).catch((e: unknown) => {
      started.delete(view.id);
      const box = el('p', 'error');
      box.setAttribute('role', 'alert');
      byId(`view-${view.id}`).append(box);
      showError(box, e);
    });
  }
}

function viewFromHash(): string {
  const hash = location.hash.replace(/^#/, '');
  // A room's link (#room=CODE) opens the lobby, which reads the code and takes it out.
  if (hash.startsWith('room=')) return 'play';
  return hash.split('/')[0] || 'play';
}

function setupTabs(): void {
  const tabs = byId('tabs');
  tabs.addEventListener('click', (event) => {
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role=tab]');
    if (tab?.dataset.view !== undefined) location.hash = tab.dataset.view;
  });
  // WAI-ARIA tabs pattern: arrows move between tabs, Home/End to the ends.
  tabs.addEventListener('keydown', (event) => {
    const ids = VIEWS.map((v) => v.id);
    const at = ids.indexOf(viewFromHash());
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1 + ids.length,
      Home: 0,
      End: ids.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const id = ids[next % ids.length]!;
    history.replaceState(null, '', `#${id}`);
    show(id, true);
  });
  window.addEventListener('hashchange', () => show(viewFromHash(), false));
}

function start(): void {
  // The switch names the other language, in that language.
  onLanguageChange(() => {
    byId('lang').lang = lang() === 'en' ? 'zh' : 'en';
  });
  setLanguage(initialLanguage());
  byId('lang').addEventListener('click', () => setLanguage(lang() === 'en' ? 'zh' : 'en'));
  openInVerify = setupVerifyView();
  setupDealView((text) => {
    location.hash = 'verify';
    openInVerify(text);
  });
  setupTabs();
  show(viewFromHash(), false);
  document.documentElement.dataset.ready = 'true';
}

start();
