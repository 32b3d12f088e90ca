import { describe, expect, it } from 'vitest';
import type { InflowActions } from '@linq/contract';
import { addsFriend, runsActions, stepVisit, type VisitInput, type VisitPhase } from './attribution.ts';

const login = (over: Partial<Extract<VisitInput, { type: 'login' }>> = {}): VisitInput => ({
  type: 'login',
  friendshipStatusChanged: true,
  friendFlag: true,
  follow: null,
  following: false,
  ...over,
});

/** Runs inputs in turn from a new visit: the phases and the attributions made. */
function run(...inputs: VisitInput[]) {
  let phase: VisitPhase = 'visited';
  const attributed: string[] = [];
  for (const input of inputs) {
    const step = stepVisit(phase, input);
    phase = step.phase;
    if (step.attribute) attributed.push(step.attribute);
  }
  return { phase, attributed };
}

const actions = (mode: InflowActions['mode']): InflowActions => ({
  mode,
  tag_ids: [1],
  mark_ids: [],
  plan_id: null,
  rich_menu_id: null,
});

describe('stepVisit', () => {
  it('visit → login → follow attributes once, on the follow', () => {
    expect(stepVisit('visited', login())).toEqual({ phase: 'awaiting_follow', attribute: null });
    expect(run(login(), { type: 'follow', kind: 'new' })).toEqual({ phase: 'attributed', attributed: ['new'] });
  });

  it('visit → follow → login attributes once, on the login that finds the follow', () => {
    // The follow came first: it names no visit yet (the caller keeps it) …
    expect(stepVisit('visited', { type: 'follow', kind: 'new' })).toEqual({ phase: 'visited', attribute: null });
    // … and the callback finds it.
    expect(run({ type: 'follow', kind: 'new' }, login({ follow: 'new', following: true }))).toEqual({
      phase: 'attributed',
      attributed: ['new'],
    });
  });

  it('never attributes twice: a redelivered follow or a second callback does nothing', () => {
    expect(
      run(login(), { type: 'follow', kind: 'new' }, { type: 'follow', kind: 'new' }, login({ follow: 'new' })),
    ).toEqual({ phase: 'attributed', attributed: ['new'] });
    expect(run(login(), login({ follow: 'new' }))).toEqual({ phase: 'awaiting_follow', attributed: [] });
  });

  it('an unblock is attributed as an unblock (not a friend added)', () => {
    const result = run(login(), { type: 'follow', kind: 'unblock' });
    expect(result.attributed).toEqual(['unblock']);
    expect(addsFriend('unblock')).toBe(false);
    expect(addsFriend('new')).toBe(true);
    expect(addsFriend('re_add')).toBe(true);
  });

  it('a friend already following who logs in again is a revisit', () => {
    expect(run(login({ friendshipStatusChanged: false, friendFlag: true, following: true }))).toEqual({
      phase: 'attributed',
      attributed: ['revisit'],
    });
    expect(addsFriend('revisit')).toBe(false);
  });

  it('a login without adding stays a visit with a known user; a later follow in the window attributes', () => {
    expect(run(login({ friendshipStatusChanged: false, friendFlag: false }))).toEqual({
      phase: 'logged_in',
      attributed: [],
    });
    expect(run(login({ friendshipStatusChanged: false, friendFlag: false }), { type: 'follow', kind: 'new' })).toEqual({
      phase: 'attributed',
      attributed: ['new'],
    });
  });

  it('LINE says friend but no follow seen and no friend row yet: waits for the follow', () => {
    expect(run(login({ friendshipStatusChanged: null, friendFlag: true, following: false }))).toEqual({
      phase: 'awaiting_follow',
      attributed: [],
    });
  });
});

describe('runsActions', () => {
  it('first add only: on the first add through the route, never again', () => {
    expect(runsActions(actions('first_add_only'), 'new', false)).toBe(true);
    // A repeat visit: revisit, or a re-add after an earlier add through the route.
    expect(runsActions(actions('first_add_only'), 'revisit', true)).toBe(false);
    expect(runsActions(actions('first_add_only'), 're_add', true)).toBe(false);
    expect(runsActions(actions('first_add_only'), 'unblock', false)).toBe(false);
  });

  it('every time: on each attribution', () => {
    for (const kind of ['new', 're_add', 'unblock', 'revisit'] as const) {
      expect(runsActions(actions('every_time'), kind, true)).toBe(true);
    }
  });
});
