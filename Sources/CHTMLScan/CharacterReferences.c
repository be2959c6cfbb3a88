#include "CharacterReferences.h"
#include "EntityTable.h"
#include <string.h>

/* Code points 0x80–0x9F written as numeric references mean the Windows-1252 characters (the Standard's table);
 * 0 marks the five it leaves as they are. */
static const unsigned int windows1252[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
};

static int alphanumeric(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Where decoded bytes go; `full` once a character did not fit, after which nothing more is written. */
struct sink {
    unsigned char *out;
    size_t count, capacity;
    int full;
};

static size_t utf8_length(unsigned int point) {
    return point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
}

/* Appends `point` as UTF-8 when it fits whole. */
static void put(struct sink *sink, unsigned int point) {
    size_t n = utf8_length(point);
    if (sink->full || sink->count + n > sink->capacity) {
        sink->full = 1;
        return;
    }
    unsigned char *o = sink->out + sink->count;
    if (n == 1) {
        o[0] = (unsigned char)point;
    } else if (n == 2) {
        o[0] = (unsigned char)(0xC0 | (point >> 6));
        o[1] = (unsigned char)(0x80 | (point & 0x3F));
    } else if (n == 3) {
        o[0] = (unsigned char)(0xE0 | (point >> 12));
        o[1] = (unsigned char)(0x80 | ((point >> 6) & 0x3F));
        o[2] = (unsigned char)(0x80 | (point & 0x3F));
    } else {
        o[0] = (unsigned char)(0xF0 | (point >> 18));
        o[1] = (unsigned char)(0x80 | ((point >> 12) & 0x3F));
        o[2] = (unsigned char)(0x80 | ((point >> 6) & 0x3F));
        o[3] = (unsigned char)(0x80 | (point & 0x3F));
    }
    sink->count += n;
}

/* The length of the valid UTF-8 sequence at `bytes`, or 0 when there is none (a stray or overlong byte, a cut or
 * out-of-range sequence). */
static size_t utf8_sequence(const unsigned char *bytes, size_t available) {
    unsigned char c = bytes[0];
    if (c < 0x80) return 1;
    size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
    if (c >= 0xF5 || n == 0 || n > available) return 0;
    unsigned int point = c & (0xFF >> (n + 1));
    for (size_t k = 1; k < n; k++) {
        if ((bytes[k] & 0xC0) != 0x80) return 0;
        point = (point << 6) | (bytes[k] & 0x3F);
    }
    if ((n == 3 && point < 0x800) || (n == 4 && (point < 0x10000 || point > 0x10FFFF))) return 0;
    return n;
}

/* The entry named exactly `name[0..<length]`, or NULL. */
static const struct chtmlscan_entity *entity(const unsigned char *name, size_t length) {
    size_t low = 0, high = CHTMLSCAN_ENTITY_COUNT;
    while (low < high) {
        size_t middle = (low + high) / 2;
        const struct chtmlscan_entity *e = &chtmlscan_entities[middle];
        size_t common = length < e->length ? length : e->length;
        int order = memcmp(e->name, name, common);
        if (order == 0) order = (int)e->length - (int)length;
        if (order == 0) return e;
        if (order < 0) low = middle + 1;
        else high = middle;
    }
    return NULL;
}

/* A numeric reference after "&#" at raw[*i]: the code point it stands for, or -1 when it has no digits (then it
 * stays as written). Advances *i past the digits and an optional ';'. */
static long numeric(const unsigned char *raw, size_t length, size_t *i) {
    size_t j = *i;
    int hex = j < length && (raw[j] == 'x' || raw[j] == 'X');
    if (hex) j++;
    size_t digits = j;
    unsigned long value = 0;
    while (j < length) {
        int d = hex ? hex_value(raw[j]) : (raw[j] >= '0' && raw[j] <= '9' ? raw[j] - '0' : -1);
        if (d < 0) break;
        value = value * (hex ? 16 : 10) + (unsigned long)d;
        if (value > 0x10FFFF) value = 0x110000; /* saturates: any longer number is just as invalid */
        j++;
    }
    if (j == digits) return -1;
    if (j < length && raw[j] == ';') j++;
    *i = j;
    if (value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0xFFFD;
    if (value >= 0x80 && value <= 0x9F && windows1252[value - 0x80] != 0) return windows1252[value - 0x80];
    return (long)value;
}

size_t chtmlscan_decode_attribute(const unsigned char *raw, size_t length, unsigned char *out, size_t capacity) {
    struct sink sink = {out, 0, capacity, 0};
    size_t i = 0;
    while (i < length && !sink.full) {
        /* Most of a URL is ASCII that stays as it is: copied in runs. */
        size_t plain = i;
        while (plain < length && raw[plain] < 0x80 && raw[plain] != '&' && raw[plain] != '\r' && raw[plain] != 0)
            plain++;
        if (plain > i) {
            size_t n = plain - i;
            if (sink.count + n > capacity) n = capacity - sink.count;
            memcpy(out + sink.count, raw + i, n);
            sink.count += n;
            i += n;
            if (i < plain) break;
            continue;
        }
        unsigned char c = raw[i];
        if (c == '\r') {
            put(&sink, '\n');
            i += (i + 1 < length && raw[i + 1] == '\n') ? 2 : 1;
            continue;
        }
        if (c == 0) {
            put(&sink, 0xFFFD);
            i++;
            continue;
        }
        if (c != '&') {
            /* A character is copied whole or not at all; a byte that does not start valid UTF-8 is read as
             * Latin-1, as libxml2 reads it. */
            size_t k = utf8_sequence(raw + i, length - i);
            if (k == 0) {
                put(&sink, c);
                i++;
                continue;
            }
            if (sink.count + k > capacity) break;
            memcpy(out + sink.count, raw + i, k);
            sink.count += k;
            i += k;
            continue;
        }
        size_t after = i + 1;
        if (after < length && raw[after] == '#') {
            size_t j = after + 1;
            long point = numeric(raw, length, &j);
            if (point >= 0) {
                put(&sink, (unsigned int)point);
                i = j;
            } else {
                put(&sink, '&'); /* no digits: "&#" stays as written */
                i = after;
            }
            continue;
        }
        /* The longest name in the table the text after '&' starts with: the whole run of alphanumerics with its ';',
         * else the longest prefix of the run (only legacy names end without ';'). */
        size_t run = after;
        while (run < length && run - after < CHTMLSCAN_ENTITY_LONGEST && alphanumeric(raw[run])) run++;
        const struct chtmlscan_entity *found = NULL;
        if (run < length && raw[run] == ';') found = entity(raw + after, run - after + 1);
        for (size_t end = run; found == NULL && end > after; end--) found = entity(raw + after, end - after);
        size_t next = found != NULL ? after + found->length : after;
        /* In an attribute value, a legacy reference followed by '=' or an alphanumeric stays as written. */
        if (found != NULL && found->name[found->length - 1] != ';' && next < length &&
            (raw[next] == '=' || alphanumeric(raw[next])))
            found = NULL;
        if (found == NULL) {
            put(&sink, '&');
            i = after;
            continue;
        }
        if (sink.count + utf8_length(found->first) + (found->second ? utf8_length(found->second) : 0) > capacity) break;
        put(&sink, found->first);
        if (found->second != 0) put(&sink, found->second);
        i = next;
    }
    return sink.count;
}
