//! [`Kept`]: what a [`Searcher`](crate::search::Searcher) keeps between searches beside its
//! per-cell records, one [`Slot`] for each kind of search that keeps anything (the board's
//! connected parts, the bit rows, the prepared tables, the HPA* clusters, the worlds' values,
//! 3D JPS's buffers), each slot defined by the part of the search room that reads it.
//!
//! The searcher's core never names those kinds: a slot is found by its type, made empty the
//! first time a search asks for it. So the core stays below every kind of search, and a new
//! kind adds its slot where it lives without touching the searcher.

use std::any::{Any, TypeId};

/// One kind's part of what a searcher keeps: the derived values it made (each stamped with the
/// grid or world it answers for) and the scratch space its searches reuse.
pub(crate) trait Slot: Any + Send + Sync {
    /// The bytes of derived values kept (for [`Searcher::kept_bytes`](crate::search::Searcher::kept_bytes)):
    /// scratch space is not counted.
    fn bytes(&self) -> usize;
}

/// The slots a searcher keeps, at most one of each type.
#[derive(Default)]
pub(crate) struct Kept {
    slots: Vec<Box<dyn Slot>>,
}

impl Kept {
    /// The slot of type `T`, made empty the first time it is asked for.
    pub(crate) fn slot<T: Slot + Default>(&mut self) -> &mut T {
        let i = match self.position::<T>() {
            Some(i) => i,
            None => {
                self.slots.push(Box::new(T::default()));
                self.slots.len() - 1
            }
        };
        let slot: &mut dyn Any = &mut *self.slots[i];
        slot.downcast_mut().expect("a slot is found by its own type")
    }

    /// The slot of type `T`, if a search has made it.
    pub(crate) fn peek<T: Slot>(&self) -> Option<&T> {
        let slot: &dyn Any = &**self.slots.get(self.position::<T>()?)?;
        slot.downcast_ref()
    }

    /// The bytes of derived values in every slot.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.iter().map(|s| s.bytes()).sum()
    }

    fn position<T: Slot>(&self) -> Option<usize> {
        self.slots.iter().position(|s| {
            let slot: &dyn Any = &**s;
            slot.type_id() == TypeId::of::<T>()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct A(usize);
    impl Slot for A {
        fn bytes(&self) -> usize {
            self.0
        }
    }
    #[derive(Default)]
    struct B(usize);
    impl Slot for B {
        fn bytes(&self) -> usize {
            self.0 * 10
        }
    }

    #[test]
    fn each_type_has_its_own_slot() {
        let mut kept = Kept::default();
        assert!(kept.peek::<A>().is_none());
        kept.slot::<A>().0 = 3;
        kept.slot::<B>().0 = 4;
        kept.slot::<A>().0 += 1;
        assert_eq!(kept.peek::<A>().map(|a| a.0), Some(4));
        assert_eq!(kept.peek::<B>().map(|b| b.0), Some(4));
        assert_eq!(kept.slots.len(), 2);
        assert_eq!(kept.bytes(), 44);
    }
}
