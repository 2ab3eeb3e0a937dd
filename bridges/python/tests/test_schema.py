"""The kit's vocabulary against docs/protocol.schema.json: every kind of event and its facts,
every field, every action, mode, card kind, effect and ability."""

from __future__ import annotations

import json
import unittest

from support import REPO

from riftcheck_bridge import (
    ABILITIES, ACTION_KINDS, CARD_KINDS, EFFECTS, EVENT_FACTS, EVENT_KINDS, MODES,
    OBSERVATION_FIELDS, PROTOCOL_VERSIONS, SUB_FIELDS,
)

SCHEMA = REPO / "docs" / "protocol.schema.json"


class AgainstTheSchema(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not SCHEMA.exists():
            raise unittest.SkipTest(f"no {SCHEMA}: the kit is not inside the riftcheck repository")
        cls.defs = json.loads(SCHEMA.read_text(encoding="utf-8"))["$defs"]

    def test_event_kinds_are_the_schemas_in_its_order(self):
        self.assertEqual(list(EVENT_KINDS), self.defs["event_kind"]["enum"])

    def test_each_kind_has_the_schemas_facts(self):
        for kind, facts in EVENT_FACTS.items():
            d = self.defs[f"event_{kind}"]
            self.assertEqual(d["properties"]["kind"]["const"], kind)
            self.assertEqual(d["required"], ["kind", *facts], kind)
            self.assertEqual(set(d["properties"]) - {"kind", "rule"}, set(facts), kind)

    def test_observation_fields_and_sub_fields(self):
        self.assertEqual(list(OBSERVATION_FIELDS), list(self.defs["observation"]["properties"]))
        for field, record in [("cards", "card"), ("battlefields", "battlefield"), ("chain", "item")]:
            self.assertEqual(list(SUB_FIELDS[field]), list(self.defs[record]["properties"]), field)

    def test_actions_modes_and_capabilities(self):
        caps = self.defs["capabilities"]["properties"]
        self.assertEqual(list(ACTION_KINDS), self.defs["action_kind"]["enum"])
        self.assertEqual(list(MODES), self.defs["mode"]["enum"])
        self.assertEqual(list(CARD_KINDS), caps["cards"]["items"]["enum"])
        self.assertEqual(list(EFFECTS), caps["effects"]["items"]["enum"])
        self.assertEqual(list(ABILITIES), caps["abilities"]["items"]["enum"])
        self.assertEqual(list(PROTOCOL_VERSIONS), self.defs["hello_response"]["properties"]["hello"]
                         ["properties"]["protocol"]["enum"])


if __name__ == "__main__":
    unittest.main()
