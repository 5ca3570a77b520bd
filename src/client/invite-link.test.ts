import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatInviteLink, parseInviteLink } from './invite-link.ts';

const INVITE = 'fdt_invite_AbC-123_xyzXYZ0987654321';

test('an invite link as the page hands it out reads back, with and without /name', () => {
  for (const askName of [false, true]) {
    const link = {
      baseUrl: 'https://cards.example:8443',
      tableId: '19i8r090ausl9q0057pka176h5gs',
      seat: 2,
      invite: INVITE,
      askName,
    };
    const text = formatInviteLink(link);
    assert.equal(
      text,
      `https://cards.example:8443/#table/19i8r090ausl9q0057pka176h5gs/join/2/${INVITE}${askName ? '/name' : ''}`,
    );
    assert.deepEqual(parseInviteLink(text), link);
  }
  assert.deepEqual(parseInviteLink(`  http://127.0.0.1:8080/#table/k3/join/0/${INVITE}\n`), {
    baseUrl: 'http://127.0.0.1:8080',
    tableId: 'k3',
    seat: 0,
    invite: INVITE,
    askName: false,
  });
});

test('anything but exactly that shape is not an invite link', () => {
  for (const text of [
    '',
    INVITE,
    `ftp://h/#table/k3/join/0/${INVITE}`,
    `http://u:p@h/#table/k3/join/0/${INVITE}`,
    `http://h/app/#table/k3/join/0/${INVITE}`,
    `http://h/?x=1#table/k3/join/0/${INVITE}`,
    `http://h/#table/k3/0/${INVITE}`,
    `http://h/#table/k3/join/x/${INVITE}`,
    `http://h/#table/k3/join/0/${INVITE}/other`,
    `http://h/#table/k3/join/0/fdt_seat_AbC-123_xyzXYZ0987654321`,
    `http://h/#table/k3/join/0/fdt_invite_short`,
    `http://h/#table/k%2F3/join/0/${INVITE}`,
    `http://h/#table/k3/join/0/${INVITE}%`,
  ]) {
    assert.equal(parseInviteLink(text), null, text);
  }
});
