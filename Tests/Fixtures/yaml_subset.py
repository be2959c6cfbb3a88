#!/usr/bin/env python3
"""Reads YAML documents (stdin) in the subset that docs/scale.md's manifests use and prints them as one JSON list.

Python's standard library has no YAML reader and the tests use nothing else, so this reads block mappings and
sequences (a sequence may sit at its key's indentation), plain, single- and double-quoted scalars, `|` block
scalars, flow sequences of scalars, comments and `---` between documents. Anything else (tabs, anchors, tags,
flow mappings, a duplicate key, a line indented where nothing may start) stops it with the line number and exit
status 1, so a manifest a real YAML reader would refuse or read differently fails the test instead.
"""
import json
import re
import sys

KEY = re.compile(r'^([A-Za-z0-9_.$/-]+|"[^"]*")\s*:(?:\s+(.*))?$')


class Bad(Exception):
    pass


def strip_comment(text):
    """The text before a `#` that starts a comment (after a space, outside quotes)."""
    quote = None
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = None
        elif c in "\"'" and (i == 0 or text[i - 1] in " [,:"):
            quote = c
        elif c == "#" and (i == 0 or text[i - 1] == " "):
            return text[:i].rstrip()
    if quote:
        raise Bad("unterminated quote")
    return text.rstrip()


def split_flow(body):
    items, quote, start = [], None, 0
    for i, c in enumerate(body):
        if quote:
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c in "[]{}":
            raise Bad("nested flow collections are outside the subset")
        elif c == ",":
            items.append(body[start:i])
            start = i + 1
    last = body[start:]
    if last.strip() or items:
        items.append(last)
    return items


def scalar(text):
    text = text.strip()
    if text == "" or text in ("null", "~"):
        return None
    if text[0] == '"':
        if len(text) < 2 or text[-1] != '"':
            raise Bad("unterminated double quote")
        return json.loads(text)
    if text[0] == "'":
        if len(text) < 2 or text[-1] != "'":
            raise Bad("unterminated single quote")
        return text[1:-1].replace("''", "'")
    if text[0] == "[":
        if text[-1] != "]":
            raise Bad("unterminated flow sequence")
        return [scalar(item) for item in split_flow(text[1:-1])]
    if text[0] in "{&*!|>%@`" or text.startswith("- "):
        raise Bad("'%s' is outside the subset" % text[0])
    if ": " in text or text.endswith(":"):
        raise Bad("a plain scalar may not hold ': '")
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    return text


class Reader:
    def __init__(self, raw):
        self.raw = raw
        self.i = 0
        self.override = {}

    def line(self, i):
        """(indent, content) of line i, or None for a blank or comment-only line."""
        if i in self.override:
            return self.override[i]
        text = self.raw[i]
        if "\t" in text[: len(text) - len(text.lstrip())]:
            raise Bad("a tab in the indentation")
        content = strip_comment(text.strip())
        if not content:
            return None
        return len(text) - len(text.lstrip(" ")), content

    def peek(self):
        while self.i < len(self.raw) and self.line(self.i) is None:
            self.i += 1
        return self.line(self.i) if self.i < len(self.raw) else None

    def block(self, indent):
        _, content = self.peek()
        if content == "-" or content.startswith("- "):
            return self.sequence(indent)
        return self.mapping(indent)

    def mapping(self, indent):
        result = {}
        while True:
            current = self.peek()
            if current is None or current[0] < indent:
                return result
            if current[0] > indent:
                raise Bad("unexpected indentation")
            content = current[1]
            match = KEY.match(content)
            if not match:
                raise Bad("expected 'key: value'")
            key = match.group(1).strip('"')
            rest = match.group(2)
            if key in result:
                raise Bad("duplicate key " + key)
            self.i += 1
            if rest in ("|", "|-"):
                result[key] = self.literal(indent, keep_last=(rest == "|"))
                continue
            if rest:
                result[key] = scalar(rest)
                continue
            following = self.peek()
            if following and following[0] > indent:
                result[key] = self.block(following[0])
            elif following and following[0] == indent and (following[1] == "-" or following[1].startswith("- ")):
                result[key] = self.sequence(indent)
            else:
                result[key] = None

    def sequence(self, indent):
        result = []
        while True:
            current = self.peek()
            if current is None or current[0] < indent:
                return result
            if current[0] > indent:
                raise Bad("unexpected indentation")
            content = current[1]
            if not (content == "-" or content.startswith("- ")):
                return result
            rest = content[1:].lstrip(" ")
            if not rest:
                self.i += 1
                following = self.peek()
                result.append(self.block(following[0]) if following and following[0] > indent else None)
                continue
            column = indent + len(content) - len(rest)
            if KEY.match(rest) or rest == "-" or rest.startswith("- "):
                # The item's first line, read again at its own column.
                self.override[self.i] = (column, rest)
                result.append(self.block(column))
            else:
                self.i += 1
                result.append(scalar(rest))

    def literal(self, indent, keep_last):
        lines = []
        while self.i < len(self.raw):
            text = self.raw[self.i]
            if text.strip() and len(text) - len(text.lstrip(" ")) <= indent:
                break
            lines.append(text)
            self.i += 1
        while lines and not lines[-1].strip():
            lines.pop()
        margin = min((len(t) - len(t.lstrip(" ")) for t in lines if t.strip()), default=0)
        body = "\n".join(t[margin:] for t in lines)
        return body + ("\n" if keep_last and body else "")


def documents(text):
    docs, current = [], []
    for line in text.split("\n"):
        if line.rstrip() == "---":
            docs.append(current)
            current = []
        else:
            current.append(line)
    docs.append(current)
    result = []
    for lines in docs:
        reader = Reader(lines)
        try:
            first = reader.peek()
            if first is None:
                continue
            if first[0] != 0:
                raise Bad("a document starts at column 0")
            value = reader.block(0)
            if reader.peek() is not None:
                raise Bad("unexpected indentation")
        except Bad as problem:
            raise Bad("line %d: %s" % (reader.i + 1, problem))
        result.append(value)
    return result


if __name__ == "__main__":
    try:
        print(json.dumps(documents(sys.stdin.read())))
    except Bad as problem:
        print(problem, file=sys.stderr)
        sys.exit(1)
