"""Who an SSH key is (ssh_keys): the keys file, invites and --open, without a server."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from tui_games.online.ssh_keys import Identities, KeysFile, key_id, name_problem

ADA = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAdaAdaAdaAdaAdaAdaAdaAdaAdaAdaAdaAdaAdaAdaA"
BOB = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBobBobBobBobBobBobBobBobBobBobBobBobBobBobBo"


def identities(tmp_path: Path, *, open_door: bool = False) -> Identities:
    return Identities.of_folder(tmp_path, open_door=open_door)


def test_a_key_is_its_algorithm_and_blob_without_the_comment() -> None:
    assert key_id(f"{ADA} ada@laptop") == ADA
    assert key_id("ssh-ed25519") is None
    assert key_id("hello world") is None


def test_the_keys_file_names_keys_and_skips_bad_lines_saying_why(tmp_path: Path) -> None:
    keys = KeysFile(tmp_path / "keys")
    keys.path.write_text(f"# friends\nada  {ADA} ada@laptop\nnot a key line\nBad! {BOB}\n"
                         f"eve {ADA}\n")
    bound, skipped = keys.entries()
    assert bound == {ADA: "ada"}
    assert [line.split(":")[0] for line in skipped] == ["keys line 3", "keys line 4",
                                                         "keys line 5"]
    assert "that key is ada's already" in skipped[2]


def test_a_known_key_is_its_name_whatever_user_it_logs_in_as(tmp_path: Path) -> None:
    ids = identities(tmp_path)
    ids.keys.bind("ada", ADA)
    assert ids.admit(ADA, "root") == "ada"


def test_an_unknown_key_without_open_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="this key is not known here"):
        identities(tmp_path).would_admit(BOB, "bob")


def test_open_binds_a_new_key_to_the_name_it_logs_in_as_only_when_admitted(
        tmp_path: Path) -> None:
    ids = identities(tmp_path, open_door=True)
    assert ids.would_admit(BOB, "bob") == "bob"
    assert ids.keys.name_of(BOB) is None  # not proved yet: nothing bound
    assert ids.admit(BOB, "bob") == "bob"
    assert ids.keys.name_of(BOB) == "bob"
    assert stat.S_IMODE(os.stat(ids.keys.path).st_mode) == 0o600


def test_open_refuses_a_second_key_for_a_taken_name(tmp_path: Path) -> None:
    ids = identities(tmp_path, open_door=True)
    ids.admit(ADA, "ada")
    with pytest.raises(ValueError, match="the name 'ada' is taken by another key"):
        ids.admit(BOB, "ada")


def test_a_name_is_never_a_login_of_this_machine(tmp_path: Path) -> None:
    assert "is a login of this machine" in (name_problem("root") or "")
    with pytest.raises(ValueError, match="is a login of this machine"):
        identities(tmp_path, open_door=True).admit(BOB, "root")


def test_a_keys_file_name_that_became_a_login_is_refused(tmp_path: Path) -> None:
    ids = identities(tmp_path)
    ids.keys.bind("root", ADA)  # the owner's own line, or a login made after
    with pytest.raises(ValueError, match="now also a login of this machine"):
        ids.admit(ADA, "x")


def test_names_are_short_plain_words(tmp_path: Path) -> None:
    assert name_problem("ada") is None
    for bad in ("a", "Ada", "ada bob", "x" * 21, "invite", "1ada"):
        assert name_problem(bad) is not None, bad


def test_an_invite_binds_the_first_key_once(tmp_path: Path) -> None:
    ids = identities(tmp_path)
    code = ids.invites.make("carol")
    assert ids.would_admit(ADA, f"invite-{code}") == "carol"
    assert ids.admit(ADA, f"invite-{code}") == "carol"
    assert ids.known(ADA) == "carol"
    with pytest.raises(ValueError, match="was used already"):
        ids.admit(BOB, f"invite-{code}")


def test_an_expired_invite_is_refused_and_not_spent(tmp_path: Path) -> None:
    ids = identities(tmp_path)
    code = ids.invites.make("carol", hours=1, now=time.time() - 7200)
    with pytest.raises(ValueError, match="expired at"):
        ids.admit(ADA, f"invite-{code}")
    assert ids.known(ADA) is None


def test_an_unknown_invite_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="not one of this host's"):
        identities(tmp_path).admit(ADA, "invite-nope")
